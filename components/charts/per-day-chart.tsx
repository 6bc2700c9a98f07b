"use client";

import { useLocale } from "next-intl";
import type { DayCount } from "@/view/affected";
import { formatCount } from "@/lib/count";
import { Box, ChartVariants, CountAxis, HoverTip, niceTicks, Svg, Txt } from "./svg";

const LEFT = 36;

/** A day's roles stacked from the axis up, in the shape's order; a role with none draws nothing. */
const stack = (d: DayCount, roles: Array<{ key: string; series: number }>) => {
  let from = 0;
  return roles.flatMap((r) => {
    const n = d.byRole[r.key] ?? 0;
    from += n;
    return n > 0 ? [{ key: r.key, series: r.series, from: from - n, to: from }] : [];
  });
};

/** Affected rows per UTC day, stacked by role; the legend is HTML text beside the chart. */
export function PerDayChart({ days, roles, label }: { days: DayCount[]; roles: Array<{ key: string; series: number }>; label: string }) {
  const locale = useLocale();
  return (
    <ChartVariants
      draw={(width, narrow) => {
        const height = narrow ? 210 : 250;
        const [top, bottom, right] = [24, 28, 8];
        const plotW = width - LEFT - right;
        const base = height - bottom;
        const ticks = niceTicks(Math.max(1, ...days.map((d) => d.total)), 4, true);
        const max = ticks.at(-1) ?? 1;
        const y = (v: number) => base - (v / max) * (base - top);
        const band = plotW / Math.max(days.length, 1);
        const every = Math.max(1, Math.ceil(46 / band)); // "27 Aug" needs about 46 px
        return (
          <Svg width={width} height={height} label={label}>
            <CountAxis ticks={ticks} y={y} left={LEFT} right={width - right} base={base} locale={locale} />
            {days.map((d, i) => {
              const x = LEFT + i * band + band * 0.15;
              const w = band * 0.7;
              return (
                <g key={d.day}>
                  <g className="bar">
                    <Box x={LEFT + i * band} y={top} w={band} h={base - top} className="hit" />
                    {stack(d, roles).map((s) => (
                      <Box key={s.key} x={x} y={y(s.to)} w={w} h={y(s.from) - y(s.to)} className={`s${s.series}`} />
                    ))}
                    <HoverTip x={x + w / 2} y={y(d.total)} width={width} text={`${d.label}: ${formatCount(d.total, locale)}`} />
                  </g>
                  {i % every === 0 && (
                    <Txt x={x + w / 2} y={base + 16} anchor="middle" className="tick">
                      {d.label}
                    </Txt>
                  )}
                </g>
              );
            })}
          </Svg>
        );
      }}
    />
  );
}
