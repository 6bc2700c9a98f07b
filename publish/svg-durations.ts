import type { DurationRow } from "./model";
import { formatCount } from "./model";
import { chartVariants, line, niceTicks, rect, svg, text, textLines, textWidth, wrapWords } from "./svg-kit";

type Bar = { label: string; value: number; min: number; max: number; end: string; contested: boolean; whisker: boolean };

const BAR = 18;
const LINE = 14;

/**
 * Horizontal bars like the live page's duration panels: label, bar, the length at the bar's end,
 * and on the days panel whiskers for the day either way that day-precision dates allow.
 * Contested stated counts are drawn in the second colour.
 */
export function durationChart(rows: DurationRow[], unit: "hours" | "days", contested: ReadonlySet<string>, label: string): string {
  const per = unit === "hours" ? 60 : 1440;
  const bars: Bar[] = rows.map((r) => ({
    label: r.label,
    value: r.minutes / per,
    min: r.range.min / per,
    max: r.range.max / per,
    end: r.length,
    contested: contested.has(r.key) && r.basis === "stated",
    whisker: unit === "days" && r.range.max > r.range.min,
  }));
  return chartVariants((width, narrow) => draw(bars, unit, width, narrow, label));
}

function draw(bars: Bar[], unit: string, width: number, narrow: boolean, label: string): string {
  // Wide: labels in a column on the left. Narrow: each label above its bar, so bars keep their width.
  const labelW = narrow ? 0 : 230;
  const maxChars = narrow ? Math.floor((width - 8) / textWidth("x")) : 32;
  const x0 = narrow ? 4 : labelW;
  const x1 = width - Math.max(...bars.map((b) => textWidth(b.end))) - 12;
  const ticks = niceTicks(Math.max(...bars.map((b) => (b.whisker ? b.max : b.value))), narrow ? 4 : 6);
  const top = ticks.at(-1) ?? 1;
  const x = (v: number) => x0 + (Math.max(v, 0) / top) * (x1 - x0);

  const marks: string[] = [];
  let y = 8;
  for (const b of bars) {
    const lines = wrapWords(b.label, maxChars);
    let barY: number;
    if (narrow) {
      // A stroked copy underneath keeps grid lines off the text.
      marks.push(textLines(x0, y + 11, lines, 'class="lbl halo" aria-hidden="true"', LINE), textLines(x0, y + 11, lines, 'class="lbl"', LINE));
      barY = y + lines.length * LINE + 2;
      y = barY + BAR + 12;
    } else {
      const rowH = Math.max(40, lines.length * LINE + 12);
      barY = y + (rowH - BAR) / 2;
      const firstBaseline = barY + BAR / 2 + 4 - ((lines.length - 1) * LINE) / 2;
      marks.push(textLines(labelW - 8, firstBaseline, lines, 'text-anchor="end" class="lbl"', LINE));
      y += rowH;
    }
    marks.push(rect(x0, barY, Math.max(x(b.value) - x0, 1), BAR, b.contested ? "s2" : "s1"));
    let endX = x(b.value);
    if (b.whisker) {
      const cy = barY + BAR / 2;
      const [lo, hi] = [x(b.min), x(b.max)];
      marks.push(line(lo, cy, hi, cy, "wh"), line(lo, cy - 5, lo, cy + 5, "wh"), line(hi, cy - 5, hi, cy + 5, "wh"));
      endX = Math.max(endX, hi);
    }
    marks.push(text(endX + 6, barY + BAR / 2 + 4, b.end, 'class="val"'));
  }

  const bottom = y;
  const grid = ticks.map((t) => line(x(t), 4, x(t), bottom, "grid")).join("");
  const tickLabels = ticks.map((t) => text(x(t), bottom + 15, formatCount(t), 'text-anchor="middle" class="tick"')).join("");
  const axis = text((x0 + x1) / 2, bottom + 32, unit, 'text-anchor="middle" class="tick"');
  return svg(width, bottom + 40, label, grid + line(x0, 4, x0, bottom, "axis") + marks.join("") + tickLabels + axis);
}
