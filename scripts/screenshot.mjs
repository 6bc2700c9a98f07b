// Dev aid: tiles of a page at a width and colour scheme, for looking at what we build.
// node scripts/screenshot.mjs <url> <out-prefix> [width] [light|dark] [on|off: JavaScript]
import { chromium } from "playwright-core";
const [,, url, prefix, width = "1440", scheme = "light", js = "on"] = process.argv;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const w = Number(width);
const page = await browser.newPage({ viewport: { width: w, height: 900 }, colorScheme: scheme, javaScriptEnabled: js === "on" });
const errors = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("response", (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: "networkidle" });
const h = await page.evaluate(() => document.documentElement.scrollHeight);
const tile = w < 500 ? 1400 : 1100;
let i = 0;
for (let y = 0; y < h; y += tile) {
  await page.screenshot({ path: `${prefix}-${String(i++).padStart(2, "0")}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(tile, h - y) } });
}
console.log("tiles", i, "scrollWidth", await page.evaluate(() => document.documentElement.scrollWidth), "height", h);
console.log("errors", errors);
await browser.close();
