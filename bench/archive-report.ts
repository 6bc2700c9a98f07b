// The printout of `npm run bench:archive`: each page at 3 and at 1,000 incidents side by side, as
// ratios, each with its target (issue 20: within 1.5× of the 3-incident figure) and whether it was met.
import type { DashboardQuery } from "@/db/read/dashboard";
import type { Locale } from "@/i18n/locales";
import { fmt, kb } from "./support/common";
import { type LoadShape, type Measured, perCpu } from "./support/load";

export const WITHIN = 1.5;
/**
 * `asked`: the front page's query the address asks, so a write goes to an incident it shows.
 * `item`: the text that opens each item of a page that shows more at 1,000 than at 3 by design (the
 * feed's 50 entries against 3), for its size per item as well as its size. `locale`: the page's
 * language (a search reads the texts in it); `english`: the name of the English page it is held to.
 */
export type ArchivePage = { name: string; path: string; kept: boolean; asked?: DashboardQuery; item?: string; locale?: Locale; english?: string };
/** One page's figures at one archive size; nulls when the page does not exist there (a second page of three incidents). */
export type PageFigures = { bytes: number | null; items: number | null; renderMs: number | null; load: Measured | null };

const met = (ok: boolean) => (ok ? "met" : "NOT MET");

export function report({ shape, incidents, pages, small, large }: { shape: LoadShape; incidents: number; pages: ArchivePage[]; small: PageFigures[]; large: PageFigures[] }): void {
  console.log(`\n=== Results: 3 and ${fmt(incidents)} published incidents ===`);
  console.log(`(load: ${shape.connections} connections, ${shape.workers ?? 1} load threads, ${shape.seconds} s after ${shape.warmupSeconds} s of warm-up, gzip)`);
  const head = ["page", "figure", "3", fmt(incidents), "ratio", `target (≤ ${WITHIN}× size and render, ≥ ${(1 / WITHIN).toFixed(2)}× throughput)`];
  const cells: string[][] = [];
  pages.forEach((page, i) => {
    const a = small[i];
    const b = large[i];
    if (!a || !b) return;
    const row = (figure: string, x: number | null, y: number | null, show: (n: number) => string, higherIsBetter: boolean, verdict?: string) => {
      const r = x !== null && y !== null && x > 0 ? y / x : null;
      const ok = r === null ? null : higherIsBetter ? r >= 1 / WITHIN : r <= WITHIN;
      cells.push([page.name, figure, x === null ? "—" : show(x), y === null ? "—" : show(y), r === null ? "—" : `${r.toFixed(2)}×`, verdict ?? (ok === null ? "no 3-incident figure" : met(ok))]);
    };
    // A page that shows more items at 1,000 by design (the feed's newest 50) is held to its size per item.
    row("size", a.bytes, b.bytes, kb, false, page.item ? "more items shown: see per item" : undefined);
    if (a.items && b.items && a.bytes !== null && b.bytes !== null) row(`size per item (${fmt(a.items)} and ${fmt(b.items)})`, a.bytes / a.items, b.bytes / b.items, kb, false);
    row("first answer after a write", a.renderMs, b.renderMs, (n) => `${n.toFixed(1)} ms`, false);
    row(page.kept ? "cached req/s" : "req/s (rendered each time)", a.load?.reqPerSec ?? null, b.load?.reqPerSec ?? null, fmt, true);
    row("req per server CPU-s", a.load ? perCpu(a.load) : null, b.load ? perCpu(b.load) : null, fmt, true);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => "  " + c.map((v, i) => (i < 2 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(head));
  for (const c of cells) console.log(line(c));
  compareLanguages(pages, small, large);
  const over = [...small, ...large].filter((f) => f.bytes !== null && f.bytes > 250_000).length;
  console.log(`\nEvery page ≤ 250 KB: ${met(over === 0)}${over ? ` (${over} over)` : ""}`);
}

type Figure = { name: string; of: (f: PageFigures) => number | null; show: (n: number) => string };
const FIGURES: Figure[] = [
  { name: "size", of: (f) => f.bytes, show: kb },
  { name: "first answer after a write", of: (f) => f.renderMs, show: (n) => `${n.toFixed(1)} ms` },
  { name: "cached req/s", of: (f) => f.load?.reqPerSec ?? null, show: fmt },
  { name: "req per server CPU-s", of: (f) => (f.load ? perCpu(f.load) : null), show: fmt },
];

/** Each Russian page beside its English one: their 1,000/3 ratios, and the Russian figure at 1,000 against the English. */
function compareLanguages(pages: ArchivePage[], small: PageFigures[], large: PageFigures[]): void {
  const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && a > 0 ? b / a : null);
  const show = (r: number | null) => (r === null ? "—" : `${r.toFixed(2)}×`);
  const cells: string[][] = [];
  pages.forEach((page, i) => {
    const j = pages.findIndex((p) => p.name === page.english);
    const [ruSmall, ruLarge, enSmall, enLarge] = [small[i], large[i], small[j], large[j]];
    if (!page.english || !ruSmall || !ruLarge || !enSmall || !enLarge) return;
    for (const f of FIGURES) {
      const [en, ru] = [ratio(f.of(enSmall), f.of(enLarge)), ratio(f.of(ruSmall), f.of(ruLarge))];
      const ruLarge1000 = f.of(ruLarge);
      cells.push([page.name, f.name, show(en), show(ru), ruLarge1000 === null ? "—" : f.show(ruLarge1000), show(ratio(f.of(enLarge), ruLarge1000))]);
    }
  });
  if (cells.length === 0) return;
  const head = ["Russian page", "figure", "English 1,000/3", "Russian 1,000/3", "Russian at 1,000", "Russian/English at 1,000"];
  const widths = head.map((h, k) => Math.max(h.length, ...cells.map((c) => (c[k] ?? "").length)));
  const line = (c: string[]) => "  " + c.map((v, k) => (k < 2 ? v.padEnd(widths[k] ?? 0) : v.padStart(widths[k] ?? 0))).join("  ");
  console.log(`\n${line(head)}`);
  for (const c of cells) console.log(line(c));
}
