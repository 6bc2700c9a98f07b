"use client";

import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { shortDay } from "@/view/affected";
import type { TokenLine } from "@/view/token-lines";
import { AXIS_TICK } from "./sizes";

// No field named `role`: recharts copies point fields onto SVG attributes, and role="exposed" is invalid ARIA.
export type PromptPoint = { t: number; tokens: number; kind: string };

const DAY = 86_400_000;
// Our own month names: Intl's differ between Node and the browser ("Sept"), which breaks hydration.
const fmtDay = (t: number) => shortDay(new Date(t).toISOString().slice(0, 10));
const fmtTokens = (n: number) => (n === 0 ? "0" : n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}K`);

export function PromptLengthChart({
  points,
  lines,
  domain,
  width,
}: {
  points: PromptPoint[];
  lines: TokenLine[];
  domain: [number, number];
  width: number;
}) {
  const narrow = width < 500;
  const ticks: number[] = [];
  for (let t = domain[0]; t <= domain[1]; t += (narrow ? 4 : 2) * DAY) ticks.push(t);
  const top = Math.max(...lines.map((l) => l.tokens), ...points.map((p) => p.tokens)) * 1.08;
  const yTicks = Array.from({ length: Math.floor(top / 500_000) + 1 }, (_, i) => i * 500_000);
  return (
    <ScatterChart width={width} height={narrow ? 300 : 340} margin={{ top: 12, right: 12, bottom: 4, left: 0 }}>
      <CartesianGrid stroke="var(--chart-grid)" />
      <XAxis type="number" dataKey="t" domain={domain} ticks={ticks} tickFormatter={fmtDay} tick={AXIS_TICK} stroke="var(--chart-grid)" name="Time (UTC)" />
      <YAxis type="number" dataKey="tokens" domain={[0, top]} ticks={yTicks} tickFormatter={fmtTokens} tick={AXIS_TICK} stroke="var(--chart-grid)" width={52} name="Prompt tokens" />
      <Tooltip
        cursor={{ strokeDasharray: "3 3" }}
        formatter={(value, name) =>
          name === "Time (UTC)" ? new Date(Number(value)).toISOString().slice(0, 16).replace("T", " ") : Number(value).toLocaleString("en-US")
        }
      />
      {lines.map((l, i) => (
        <ReferenceLine
          key={l.label}
          y={l.tokens}
          stroke={i === lines.length - 1 ? "var(--chart-3)" : "var(--chart-2)"}
          strokeDasharray="6 4"
          // Recharts' "insideTop" sits below a line: the lowest label goes below its line, the others
          // above theirs, so no label lands among the points that lie between the two lower lines.
          label={{ value: l.label, position: i === 0 ? "insideTopRight" : "insideBottomRight", fill: "var(--chart-ink)", fontSize: narrow ? 10 : 12 }}
        />
      ))}
      <Scatter data={points} fill="var(--chart-1)" isAnimationActive={false} name="Affected responses" shape={Dot} />
    </ScatterChart>
  );
}

// A bare circle (recharts' default symbol is a long path). Recharts wraps each point in an
// unnamed role="img" group; the <title> as its first child names it for screen readers.
function Dot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: PromptPoint }) {
  const when = payload ? new Date(payload.t).toISOString().slice(0, 16).replace("T", " ") : "";
  return (
    <>
      <title>{payload ? `${when} UTC: ${payload.tokens.toLocaleString("en-US")} prompt tokens (${payload.kind})` : ""}</title>
      <circle cx={cx} cy={cy} r={3} fill="var(--chart-1)" />
    </>
  );
}
