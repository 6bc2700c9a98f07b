// The exports' one stylesheet, inline in every page. Colours are variables so the dark screen theme
// and the print sheet each swap them in one place; charts use the same variables through classes.

const THEME = `
:root{color-scheme:light;--bg:#fff;--ink:#0f172a;--muted:#475569;--line:#cbd5e1;--soft:#f1f5f9;--link:#1d4ed8;
--warn-bg:#fffbeb;--warn-line:#b45309;--c1:#2563eb;--c2:#c2410c;--c3:#047857;--c4:#7c3aed;--chart-ink:#334155;--grid:#dbe2ea}
@media screen and (prefers-color-scheme:dark){:root{color-scheme:dark;--bg:#0f172a;--ink:#e2e8f0;--muted:#a3b1c6;
--line:#334155;--soft:#1e293b;--link:#93c5fd;--warn-bg:#2b1d07;--warn-line:#f59e0b;--c1:#60a5fa;--c2:#fb923c;
--c3:#34d399;--c4:#c4b5fd;--chart-ink:#cbd5e1;--grid:#334155}}`;

// The body breaks long words anywhere so no grid or flex item can widen the page on a phone;
// tables keep break-word, so their columns size by whole words and scroll inside their own box.
const BASE = `
*,*::before,*::after{box-sizing:border-box}
html{scroll-padding-top:1rem;-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}
.page{max-width:56rem;margin:0 auto;padding:1.5rem 1rem 4rem}
a{color:var(--link)}
a:focus-visible,summary:focus-visible{outline:2px solid var(--link);outline-offset:2px}
h1{font-size:clamp(1.75rem,5vw,2.4rem);line-height:1.15;margin:.75rem 0 0;text-wrap:balance}
h2{font-size:1.5rem;line-height:1.25;margin:0}
h2 a{color:inherit;text-decoration:none}
h2 a:hover{text-decoration:underline}
h3{font-size:1.125rem;margin:1.5rem 0 .5rem}
p{margin:.5rem 0}
ul,ol{padding-left:1.25rem}
li+li{margin-top:.4rem}
dd{margin:0}
figure{margin:0}
section{margin-top:3rem}
.section-head{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem;margin-bottom:1rem}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;margin:0;font-size:.875rem}
.tag{background:var(--soft);border-radius:.75rem;padding:.1rem .65rem;font-weight:500}
.badge{border:1px solid var(--warn-line);background:var(--warn-bg);border-radius:999px;padding:.05rem .6rem;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em}
.box{border:1px solid var(--warn-line);background:var(--warn-bg);border-radius:.5rem;padding:.75rem 1rem}
.muted,.note{color:var(--muted)}
.small{font-size:.875rem}
.block{display:block;margin-top:.35rem}
sup.cite{font-size:.7em;white-space:nowrap;margin-left:.1em;line-height:0}
sup.cite a{text-decoration:none;padding:0 1px}
sup.cite a:hover{text-decoration:underline}
.summary{font-size:1.125rem;max-width:48rem}
.facts{display:grid;grid-template-columns:10rem 1fr;gap:.6rem 1.5rem;margin:1.25rem 0 0}
.facts dt{font-weight:600}
.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;margin:0}
.figure{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:.5rem;padding:1rem}
.figure dd{order:1;font-size:1.75rem;font-weight:600;line-height:1.2}
.figure dt{order:2;margin-top:.35rem;font-size:.9rem}
.unit{font-size:1rem;font-weight:400;color:var(--muted);margin-left:.3rem}
.period h3{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1rem .75rem;border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2rem}
.range{font-size:.875rem;font-weight:400;color:var(--muted)}
.events{list-style:none;margin:.5rem 0 0;padding:0}
.events>li+li{margin-top:0}
.event{border-left:2px solid var(--line);padding:0 0 1rem 1.25rem}
.gap{margin:0;padding:.25rem 0;font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.ev-head{position:relative;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin:0;font-size:.875rem}
.ev-head::before{content:"";position:absolute;left:calc(-1.25rem - 7px);top:.3em;width:12px;height:12px;border-radius:50%;background:var(--muted);border:2px solid var(--bg)}
.when{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600}
.phase{font-size:.75rem;font-weight:500;background:var(--soft);border-left:3px solid var(--muted);border-radius:.2rem;padding:0 .4rem}
.ph-warning,.ph-trigger{border-left-color:var(--c4)}.ph-exposure{border-left-color:var(--c2)}
.ph-detection,.ph-response,.ph-mitigation{border-left-color:var(--c1)}.ph-recovery,.ph-disclosure{border-left-color:var(--c3)}
.ev-title{font-weight:600;margin:.25rem 0 0}
.ev-detail{margin:.1rem 0 0}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.75rem 1.5rem;margin:.5rem 0}
.big{font-size:1.5rem;font-weight:600}
.stack-y>*+*{margin-top:1.5rem}
.chart-box{border:1px solid var(--line);border-radius:.5rem;padding:.75rem;min-width:0}
.chart-box figcaption{font-size:.9rem;margin-bottom:.5rem}
.v{display:none}
.v svg{display:block;width:100%;height:auto}
.v-n{display:block}.v-n svg{max-width:30rem}.v-m svg{max-width:52rem}
@media (min-width:560px){.v-n{display:none}.v-m{display:block}}
@media (min-width:900px){.v-m{display:none}.v-w{display:block}}
svg text{font-size:12px;fill:var(--chart-ink)}
svg .sm{font-size:11px}
svg .val{font-weight:600}
.grid{stroke:var(--grid);stroke-width:1}
.axis{stroke:var(--chart-ink);stroke-width:1}
.s1{fill:var(--c1)}.s2{fill:var(--c2)}
.wh{stroke:var(--chart-ink);stroke-width:1.5}
.thr{stroke-width:2;stroke-dasharray:6 4}
.thr-0{stroke:var(--c2)}.thr-1{stroke:var(--c3)}.thr-2{stroke:var(--c4)}
.halo{stroke:var(--bg);stroke-width:4px;stroke-linejoin:round;fill:var(--bg)}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;padding:0;margin:.25rem 0 .5rem;font-size:.875rem}
.legend li+li{margin-top:0}
.sw{display:inline-block;width:0;height:.8em;border-left:.8em solid;margin-right:.4rem;vertical-align:-.05em}
.sw-1{border-color:var(--c1)}.sw-2{border-color:var(--c2)}
.sw-line{width:1.4em;height:0;border-left:0;border-top:2px dashed;vertical-align:.3em}
.sw-thr-0{border-color:var(--c2)}.sw-thr-1{border-color:var(--c3)}.sw-thr-2{border-color:var(--c4)}
.stats{display:flex;flex-wrap:wrap;gap:1rem 2rem;margin:.75rem 0}
.stats dd{font-size:1.5rem;font-weight:600}
.stats dt{font-size:.875rem;color:var(--muted)}
.stats div{display:flex;flex-direction:column-reverse}
details{margin-top:.5rem;font-size:.875rem}
summary{cursor:pointer;color:var(--link)}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.9rem;overflow-wrap:break-word}
caption{text-align:left;font-size:.875rem;color:var(--muted);padding-bottom:.25rem}
th,td{text-align:left;vertical-align:top;padding:.5rem .75rem .5rem 0;border-bottom:1px solid var(--line)}
thead th{border-bottom:2px solid var(--line);font-weight:600}
.num{text-align:right;font-variant-numeric:tabular-nums}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1.5rem 2rem}
.cols h3{margin-top:0}
.plain{list-style:none;padding:0}
.status{display:inline-block;font-size:.75rem;font-weight:600;background:var(--soft);border-radius:.25rem;padding:0 .4rem;margin-right:.4rem}
.run-in,.run-in>p:first-child{display:inline}
.reactions>li{border-left:4px solid var(--line);padding-left:.75rem}
.reactions>li>p{margin:0}
.sources{list-style:none;padding:0}
.sources>li{display:grid;grid-template-columns:2.5rem 1fr;gap:.75rem;padding:.25rem;border-radius:.25rem}
.sources>li:target{background:var(--warn-bg)}
.sources>li>div>p{margin:0}
.snum{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem;text-align:right;color:var(--muted)}
.toc{background:var(--soft);border-radius:.5rem;padding:.75rem 1rem;margin-top:2rem}
.toc ul{display:flex;flex-wrap:wrap;gap:.4rem 1.25rem;list-style:none;padding:0;margin:0;font-size:.875rem}
.toc li+li{margin-top:0}
.md>:first-child{margin-top:0}
.md>:last-child{margin-bottom:0}
blockquote{margin:.5rem 0;padding-left:.75rem;border-left:3px solid var(--line);color:var(--muted)}
pre{margin:.5rem 0;padding:.5rem .75rem;overflow-x:auto;overflow-wrap:normal;background:var(--soft);border-radius:.25rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.incidents{list-style:none;padding:0}
.incidents>li{border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem}
.incidents>li+li{margin-top:1rem}
.incidents h2{font-size:1.25rem}
.incidents h2 a{text-decoration:underline}
footer{margin-top:4rem;border-top:1px solid var(--line);padding-top:1rem;color:var(--muted);font-size:.875rem}
@media (max-width:640px){
.facts{grid-template-columns:1fr;gap:.15rem}
.facts dd{margin-bottom:.6rem}
table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
table.stack,table.stack caption,table.stack tbody,table.stack tr,table.stack th,table.stack td{display:block}
table.stack tr{border-bottom:1px solid var(--line);padding:.5rem 0}
table.stack th,table.stack td{border:0;padding:.15rem 0}
table.stack td::before{content:attr(data-label);display:block;font-size:.7rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
}`;

// Paper: white, black ink, the 640-wide charts (a page is about that wide, so their text stays full size), every section after the first on a new page, and the
// address of each external citation printed after its text.
const PRINT = `
@media print{
:root{color-scheme:light;--bg:#fff;--ink:#000;--muted:#333;--line:#999;--soft:#fff;--link:#000;--warn-bg:#fff;--warn-line:#000;--chart-ink:#000;--grid:#ccc}
@page{margin:16mm 14mm}
body{background:#fff;color:#000;font-size:11pt}
.page{max-width:none;padding:0}
.toc,details{display:none}
section{margin-top:0}
section:first-of-type{margin-top:1.5rem}
section:not(:first-of-type){break-before:page}
h2,h3,figcaption{break-after:avoid}
figure,tr,.event,.figure,.box,.sources>li,.incidents>li,.reactions>li,.facts dd{break-inside:avoid}
a{color:#000}
a[href^="http"]::after{content:" <" attr(href) ">";font-size:.85em;overflow-wrap:anywhere}
.v-n,.v-w{display:none}.v-m{display:block}
.sw,svg{print-color-adjust:exact;-webkit-print-color-adjust:exact}
}`;

export const PAGE_CSS = (THEME + BASE + PRINT).replace(/\n/g, "");
