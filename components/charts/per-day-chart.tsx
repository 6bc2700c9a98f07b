"use client";

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { DayCount } from "@/view/affected";
import { AXIS_TICK } from "./sizes";

export function PerDayChart({ days, width }: { days: DayCount[]; width: number }) {
  const narrow = width < 500;
  return (
    <BarChart width={width} height={narrow ? 240 : 280} data={days} margin={{ top: 8, right: 8, bottom: 4, left: -16 }}>
      <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
      <XAxis dataKey="label" tick={AXIS_TICK} stroke="var(--chart-grid)" interval={narrow ? 2 : 0} />
      <YAxis allowDecimals={false} tick={AXIS_TICK} stroke="var(--chart-grid)" />
      <Tooltip
        cursor={{ fill: "var(--chart-grid)", opacity: 0.3 }}
        contentStyle={{ borderRadius: 6 }}
        labelFormatter={(label) => `${String(label)} 2026 (UTC)`}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: "var(--chart-ink)" }}>{value}</span>} />
      <Bar dataKey="recipient" name="Received another's data" stackId="role" fill="var(--chart-1)" isAnimationActive={false} />
      <Bar dataKey="exposed" name="Own data exposed" stackId="role" fill="var(--chart-2)" isAnimationActive={false} />
    </BarChart>
  );
}
