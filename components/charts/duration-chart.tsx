"use client";

import { useLocale } from "next-intl";
import { formatCount } from "@/lib/count";
import { Box, ChartVariants, Line, niceTicks, Svg, TextLines, Txt, textWidth, wrapWords } from "./svg";

const BAR = 18;
const LINE = 14;

/**
 * Horizontal bars, one per length, in the panel's unit: label, bar, the length at the bar's end and,
 * where the dates are known only to the day or coarser, whiskers for what their precision allows.
 * A stated count that disputes another is drawn in the second colour.
 */
export type DurationBar = { key: string; label: string; value: number; min: number; max: number; end: string; contested: boolean; whisker: boolean };

type Placed = { bar: DurationBar; lines: string[]; barY: number; baseline: number };
type Scale = { narrow: boolean; labelW: number; x0: number; x: (v: number) => number };

/** Where each row goes: wide, its label beside the bar; narrow, above it, so the bars keep their width. */
function placeRows(bars: DurationBar[], narrow: boolean, maxChars: number): { rows: Placed[]; bottom: number } {
  let y = 8;
  const rows = bars.map((bar) => {
    const lines = wrapWords(bar.label, maxChars);
    if (narrow) {
      const barY = y + lines.length * LINE + 2;
      const placed = { bar, lines, barY, baseline: y + 11 };
      y = barY + BAR + 12;
      return placed;
    }
    const rowH = Math.max(40, lines.length * LINE + 12);
    const barY = y + (rowH - BAR) / 2;
    y += rowH;
    return { bar, lines, barY, baseline: barY + BAR / 2 + 4 - ((lines.length - 1) * LINE) / 2 };
  });
  return { rows, bottom: y };
}

function BarRow({ row, scale }: { row: Placed; scale: Scale }) {
  const { bar: b, lines, barY, baseline } = row;
  const { narrow, labelW, x0, x } = scale;
  const cy = barY + BAR / 2;
  const [lo, hi] = [x(b.min), x(b.max)];
  const endX = b.whisker ? Math.max(x(b.value), hi) : x(b.value);
  return (
    <g>
      {narrow ? (
        <>
          {/* A stroked copy underneath keeps grid lines off the text. */}
          <TextLines x={x0} y={baseline} lines={lines} className="lbl halo" />
          <TextLines x={x0} y={baseline} lines={lines} className="lbl" />
        </>
      ) : (
        <TextLines x={labelW - 8} y={baseline} lines={lines} anchor="end" className="lbl" />
      )}
      <Box x={x0} y={barY} w={Math.max(x(b.value) - x0, 1)} h={BAR} className={b.contested ? "s2" : "s1"} />
      {b.whisker && (
        <>
          <Line x1={lo} y1={cy} x2={hi} y2={cy} className="wh" />
          <Line x1={lo} y1={cy - 5} x2={lo} y2={cy + 5} className="wh" />
          <Line x1={hi} y1={cy - 5} x2={hi} y2={cy + 5} className="wh" />
        </>
      )}
      <Txt x={endX + 6} y={cy + 4} className="val">
        {b.end}
      </Txt>
    </g>
  );
}

// A client component only so that the page's payload carries these few numbers, not the drawing:
// the server renders it to HTML, and nothing in it runs in the browser after hydration.
export function DurationChart({ bars, unit, label }: { bars: DurationBar[]; unit: string; label: string }) {
  const locale = useLocale();
  return (
    <ChartVariants
      draw={(width, narrow) => {
        const labelW = narrow ? 0 : 230;
        const x0 = narrow ? 4 : labelW;
        const x1 = width - Math.max(...bars.map((b) => textWidth(b.end))) - 12;
        const ticks = niceTicks(Math.max(...bars.map((b) => (b.whisker ? b.max : b.value))), narrow ? 4 : 6);
        const top = ticks.at(-1) ?? 1;
        const x = (v: number) => x0 + (Math.max(v, 0) / top) * (x1 - x0);
        const { rows, bottom } = placeRows(bars, narrow, narrow ? Math.floor((width - 8) / textWidth("x")) : 32);
        return (
          <Svg width={width} height={bottom + 40} label={label}>
            {ticks.map((t) => (
              <g key={t}>
                <Line x1={x(t)} y1={4} x2={x(t)} y2={bottom} className="gridline" />
                <Txt x={x(t)} y={bottom + 15} anchor="middle" className="tick">
                  {formatCount(t, locale)}
                </Txt>
              </g>
            ))}
            <Line x1={x0} y1={4} x2={x0} y2={bottom} className="axis" />
            {rows.map((row) => (
              <BarRow key={row.bar.key} row={row} scale={{ narrow, labelW, x0, x }} />
            ))}
            <Txt x={(x0 + x1) / 2} y={bottom + 32} anchor="middle" className="tick">
              {unit}
            </Txt>
          </Svg>
        );
      }}
    />
  );
}
