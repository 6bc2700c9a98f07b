import { ChartFrame } from "@/components/charts/chart-frame";
import { PerDayChart } from "@/components/charts/per-day-chart";
import { type PromptPoint, PromptLengthChart, type TokenLine } from "@/components/charts/prompt-length-chart";
import { type AffectedPoint, countPerDay } from "@/lib/affected";

export type AffectedSummary = {
  total: number;
  byRole: { recipient: number; exposed: number };
  points: AffectedPoint[];
};

/** Token thresholds the reader compares prompt lengths against, from the incident's own figures. */
export const TOKEN_LINES: TokenLine[] = [
  { tokens: 681_280, label: "Prefill KV cache: 681,280" },
  { tokens: 1_048_576, label: "Context window: 1,048,576" },
  { tokens: 2_040_000, label: "Prefill pool after the fix: 2.04M" },
];

export function AffectedView({
  affected,
  window,
  sampleNote,
}: {
  affected: AffectedSummary;
  window: { from: string; to: string };
  sampleNote: string | null;
}) {
  const days = countPerDay(affected.points, window.from, window.to);
  const points: PromptPoint[] = affected.points.map((p) => ({ t: Date.parse(p.occurredAt), tokens: p.promptTokens, kind: p.role }));
  const domain: [number, number] = [Date.parse(`${window.from}T00:00:00Z`), Date.parse(`${window.to}T00:00:00Z`) + 86_400_000];
  const label = sampleNote ? "sample" : "recorded";
  return (
    <div className="space-y-6">
      {sampleNote && (
        <p className="rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm dark:border-amber-400 dark:bg-amber-950/40">
          <strong>Sample data.</strong> {sampleNote}
        </p>
      )}
      <p>
        {affected.total} {label} affected responses: {affected.byRole.recipient} where the account received
        fragments of another tenant&apos;s session, {affected.byRole.exposed} where the account&apos;s own session
        appeared in another&apos;s response.
      </p>
      <div className="grid gap-6">
        <ChartFrame
          id="affected-per-day"
          caption={<><strong>Affected responses per day</strong> (UTC), across the exposure window{sampleNote ? " — sample data" : ""}.</>}
        >
          {(_, width) => <PerDayChart days={days} width={width} />}
        </ChartFrame>
        <ChartFrame
          id="affected-prompt-length"
          caption={
            <>
              <strong>Prompt length of each affected request</strong> against the prefill KV cache (681,280 tokens),
              the context window (1,048,576) and the prefill pool after the fix (2.04 million){sampleNote ? " — sample data" : ""}.
            </>
          }
        >
          {(_, width) => <PromptLengthChart points={points} lines={TOKEN_LINES} domain={domain} width={width} />}
        </ChartFrame>
      </div>
    </div>
  );
}
