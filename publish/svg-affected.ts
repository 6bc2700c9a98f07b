import type { DayCount } from "@/view/affected";
import type { TokenBucket } from "./document";
import type { TokenLine } from "./model";
import { formatCount, formatSourceDate, formatTokens } from "./model";
import { chartVariants, line, niceTicks, rect, svg, text, textWidth } from "./svg-kit";
import { escapeHtml } from "@/lib/escape";

const LEFT = 36;

function yAxis(ticks: number[], y: (v: number) => number, x0: number, x1: number): string {
  return ticks
    .map((t) => line(x0, y(t), x1, y(t), "grid") + text(x0 - 6, y(t) + 4, formatCount(t), 'text-anchor="end" class="tick"'))
    .join("");
}

/** Affected responses per UTC day, stacked by role; the legend is HTML text beside the chart. */
export function perDayChart(days: DayCount[], label: string): string {
  return chartVariants((width, narrow) => {
    const height = narrow ? 210 : 250;
    const [top, bottom, right] = [10, 28, 8];
    const plotW = width - LEFT - right;
    const base = height - bottom;
    const ticks = niceTicks(Math.max(1, ...days.map((d) => d.total)), 4, true);
    const max = ticks.at(-1) ?? 1;
    const y = (v: number) => base - (v / max) * (base - top);
    const band = plotW / Math.max(days.length, 1);
    const every = Math.max(1, Math.ceil(46 / band)); // "27 Aug" needs about 46 px
    const marks = days.map((d, i) => {
      const x = LEFT + i * band + band * 0.15;
      const w = band * 0.7;
      const tip = `${formatSourceDate(d.day)} (UTC): ${d.recipient} received another's data, ${d.exposed} own data exposed`;
      const bars =
        (d.recipient > 0 ? rect(x, y(d.recipient), w, base - y(d.recipient), "s1") : "") +
        (d.exposed > 0 ? rect(x, y(d.total), w, y(d.recipient) - y(d.total), "s2") : "");
      const tick = i % every === 0 ? text(x + w / 2, base + 16, d.label, 'text-anchor="middle" class="tick"') : "";
      return `<g><title>${escapeHtml(tip)}</title>${bars}</g>${tick}`;
    });
    return svg(width, height, label, yAxis(ticks, y, LEFT, width - right) + line(LEFT, base, width - right, base, "axis") + marks.join(""));
  });
}

/**
 * How many affected requests fall in each prompt-length bucket, with dashed lines at the token
 * thresholds inside the drawn range; their labels sit in a band above the bars so none covers a bar.
 */
export function promptHistogram(buckets: TokenBucket[], inside: TokenLine[], label: string): string {
  const low = buckets[0]?.from ?? 0;
  const high = buckets.at(-1)?.to ?? 1;
  const lines = inside; // already sorted by tokens, which the legend's colours follow
  return chartVariants((width, narrow) => {
    const size = narrow ? 11 : 12;
    const band = lines.length * 16 + 8;
    const right = 22;
    const top = band + 6;
    const base = top + (narrow ? 160 : 190);
    const height = base + 42;
    const plotW = width - LEFT - right;
    const x = (t: number) => LEFT + ((t - low) / (high - low || 1)) * plotW;
    const ticks = niceTicks(Math.max(1, ...buckets.map((b) => b.count)), 4, true);
    const max = ticks.at(-1) ?? 1;
    const y = (v: number) => base - (v / max) * (base - top);
    const bandW = plotW / Math.max(buckets.length, 1);
    const every = Math.max(1, Math.ceil(44 / bandW)); // "1.05M" needs about 44 px
    const bars = buckets.map((b) => {
      const tip = `${formatCount(b.from)}–${formatCount(b.to)} tokens: ${b.count} responses`;
      return rect(x(b.from) + 1, y(b.count), x(b.to) - x(b.from) - 2, base - y(b.count), "s1", tip);
    });
    const edges = [...buckets.map((b) => b.from), high];
    const xTicks = edges.map((t, i) => (i % every === 0 || i === edges.length - 1 ? text(x(t), base + 16, formatTokens(t), 'text-anchor="middle" class="tick"') : ""));
    const thresholds = lines.map((l, i) => {
      const lx = x(l.tokens);
      const ly = 12 + i * 16;
      // SVG text cannot wrap: a label wider than the chart is shortened here; the legend has it whole.
      const fit = Math.floor((width - 8) / textWidth("x", size));
      const label = l.label.length > fit ? `${l.label.slice(0, fit - 1)}…` : l.label;
      const w = textWidth(label, size);
      // Text runs away from the nearer edge, and is clamped inside the box.
      const start = lx < width / 2 ? lx + 4 <= width - w - 2 : lx - 4 - w < 2;
      const tx = start ? Math.min(lx + 4, width - w - 2) : Math.max(lx - 4, w + 2);
      const anchor = start ? "" : ' text-anchor="end"';
      const sm = narrow ? " sm" : "";
      // A stroked copy underneath keeps lines off the text (paint-order is not valid CSS to the W3C checker).
      const halo = text(tx, ly, label, `class="halo${sm}" aria-hidden="true"${anchor}`);
      return line(lx, ly - 10, lx, base, `thr thr-${i % 3}`) + halo + text(tx, ly, label, `${narrow ? 'class="sm"' : ""}${anchor}`.trim());
    });
    const axis = text(LEFT + plotW / 2, base + 34, "prompt tokens", 'text-anchor="middle" class="tick"');
    return svg(width, height, label, yAxis(ticks, y, LEFT, width - right) + line(LEFT, base, width - right, base, "axis") + bars.join("") + xTicks.join("") + thresholds.join("") + axis);
  });
}
