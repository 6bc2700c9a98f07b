"use client";

import { useLocale } from "next-intl";
import type { Bucket, Threshold } from "@/view/affected";
import { formatCompact } from "@/view/format";
import { formatCount } from "@/lib/count";
import { Box, ChartVariants, CountAxis, HoverTip, Line, n, niceTicks, Svg, Txt, textWidth } from "./svg";

const LEFT = 36;

type At = { x: number; y: number; base: number; width: number; narrow: boolean; tone: number };

/** A threshold's dashed line and its label, which runs away from the nearer edge and stays inside the chart. */
function ThresholdLine({ line, at }: { line: Threshold; at: At }) {
  const size = at.narrow ? 11 : 12;
  // SVG text cannot wrap: a label wider than the chart is shortened here; the legend has it whole.
  const fit = Math.floor((at.width - 8) / textWidth("x", size));
  const text = line.label.length > fit ? `${line.label.slice(0, fit - 1)}…` : line.label;
  const w = textWidth(text, size);
  const start = at.x < at.width / 2 ? at.x + 4 <= at.width - w - 2 : at.x - 4 - w < 2;
  const tx = start ? Math.min(at.x + 4, at.width - w - 2) : Math.max(at.x - 4, w + 2);
  const anchor = start ? undefined : "end";
  return (
    <g>
      <Line x1={at.x} y1={at.y - 10} x2={at.x} y2={at.base} className={`thr thr-${at.tone}`} />
      {/* A stroked copy underneath keeps lines off the text. */}
      <text x={n(tx)} y={at.y} className={`halo${at.narrow ? " sm" : ""}`} aria-hidden="true" textAnchor={anchor}>
        {text}
      </text>
      <text x={n(tx)} y={at.y} className={at.narrow ? "sm" : undefined} textAnchor={anchor}>
        {text}
      </text>
    </g>
  );
}

/**
 * How many affected rows fall in each bucket of the list's measure, with dashed lines at the thresholds
 * inside the drawn range; their labels sit in a band above the bars so none covers a bar.
 */
type Props = { buckets: Bucket[]; lines: Threshold[]; label: string; axis: string };

export function Histogram({ buckets, lines, label, axis }: Props) {
  const locale = useLocale();
  const low = buckets[0]?.from ?? 0;
  const high = buckets.at(-1)?.to ?? 1;
  return (
    <ChartVariants
      draw={(width, narrow) => {
        const band = lines.length * 16 + 8;
        // The last tick's label is centred on the right edge: room for its half ("1.05M", "1,05 млн").
        const right = Math.max(22, textWidth(formatCompact(high, locale)) / 2 + 4);
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
        const edges = [...buckets.map((b) => b.from), high];
        return (
          <Svg width={width} height={height} label={label}>
            <CountAxis ticks={ticks} y={y} left={LEFT} right={width - right} base={base} locale={locale} />
            {buckets.map((b) => (
              <g key={b.from} className="bar">
                <Box x={x(b.from)} y={top} w={x(b.to) - x(b.from)} h={base - top} className="hit" />
                <Box x={x(b.from) + 1} y={y(b.count)} w={x(b.to) - x(b.from) - 2} h={base - y(b.count)} className="s1" />
                <HoverTip x={(x(b.from) + x(b.to)) / 2} y={y(b.count)} width={width} text={`${formatCompact(b.from, locale)}–${formatCompact(b.to, locale)}: ${formatCount(b.count, locale)}`} />
              </g>
            ))}
            {edges.map((t, i) =>
              i % every === 0 || i === edges.length - 1 ? (
                <Txt key={t} x={x(t)} y={base + 16} anchor="middle" className="tick">
                  {formatCompact(t, locale)}
                </Txt>
              ) : null,
            )}
            {lines.map((l, i) => (
              <ThresholdLine key={l.at} line={l} at={{ x: x(l.at), y: 12 + i * 16, base, width, narrow, tone: i % 3 }} />
            ))}
            <Txt x={LEFT + plotW / 2} y={base + 34} anchor="middle" className="tick">
              {axis}
            </Txt>
          </Svg>
        );
      }}
    />
  );
}
