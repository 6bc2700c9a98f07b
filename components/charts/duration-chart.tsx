"use client";

import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK } from "./sizes";
import { WrappedTick } from "./wrapped-tick";

export type DurationBar = {
  key: string;
  label: string;
  value: number;
  /** Distance to the shortest and longest length the precision allows, for the error bar. */
  error: [number, number];
  length: string;
  /** Printed at the end of the bar. */
  short: string;
  countedBy: string;
  contested: boolean;
};

const ROW = 44;

export function DurationChart({ bars, unit, width }: { bars: DurationBar[]; unit: "hours" | "days"; width: number }) {
  const narrow = width < 500;
  return (
    <BarChart
      width={width}
      height={bars.length * ROW + 48}
      data={bars}
      layout="vertical"
      margin={{ top: 4, right: narrow ? 100 : 130, bottom: 20, left: 4 }}
    >
      <CartesianGrid horizontal={false} stroke="var(--chart-grid)" />
      <XAxis
        type="number"
        tick={AXIS_TICK}
        stroke="var(--chart-grid)"
        label={{ value: unit, position: "insideBottom", offset: -12, fill: "var(--chart-ink)", fontSize: 12 }}
      />
      <YAxis
        type="category"
        dataKey="label"
        width={narrow ? 128 : 220}
        tick={<WrappedTick maxChars={narrow ? 18 : 32} />}
        stroke="var(--chart-grid)"
      />
      <Tooltip content={<DurationTooltip />} cursor={{ fill: "var(--chart-grid)", opacity: 0.3 }} />
      <Bar dataKey="value" isAnimationActive={false} barSize={18}>
        {bars.map((b) => (
          <Cell key={b.key} fill={b.contested ? "var(--chart-2)" : "var(--chart-1)"} />
        ))}
        {unit === "days" && <ErrorBar dataKey="error" width={6} stroke="var(--chart-ink)" direction="x" />}
        <LabelList dataKey="short" content={<BarEndLabel gap={unit === "days" ? 22 : 8} />} />
      </Bar>
    </BarChart>
  );
}

function DurationTooltip({ active, payload }: { active?: boolean; payload?: Array<{ payload: DurationBar }> }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  return (
    <div className="rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow dark:border-slate-600 dark:bg-slate-900">
      <p className="font-semibold">{bar.label}</p>
      <p>{bar.length}</p>
      <p className="text-slate-600 dark:text-slate-400">Counted by {bar.countedBy}</p>
    </div>
  );
}

/** A plain <text>: recharts' own label measures text in the DOM, so server and browser would differ. */
function BarEndLabel({
  gap = 8,
  x = 0,
  y = 0,
  width = 0,
  height = 0,
  value,
}: {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: number | string;
  gap?: number;
}) {
  return (
    <text x={Number(x) + Number(width) + gap} y={Number(y) + Number(height) / 2} dy={4} fontSize={12} fill="var(--chart-ink)">
      {value}
    </text>
  );
}
