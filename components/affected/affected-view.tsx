import { ChartFrame } from "@/components/charts/chart-frame";
import { PerDayChart } from "@/components/charts/per-day-chart";
import { type PromptPoint, PromptLengthChart } from "@/components/charts/prompt-length-chart";
import { Prose } from "@/components/prose";
import type { AffectedPoint } from "@/view/affected";
import type { AffectedSummary } from "@/domain/record/document";
import { TOKEN_LINES } from "@/view/token-lines";


/**
 * Counts come from the summary (the rows counted, or the counts an imported export carried); the
 * prompt-length scatter needs the rows themselves and is drawn only when they are here.
 */
export function AffectedView({ affected, points: rows }: { affected: AffectedSummary; points: AffectedPoint[] }) {
  const days = affected.perDay;
  const sampleNote = affected.note;
  const points: PromptPoint[] = rows.map((p) => ({ t: Date.parse(p.occurredAt), tokens: p.promptTokens, kind: p.role }));
  const first = days[0]?.day ?? "1970-01-01";
  const last = days.at(-1)?.day ?? first;
  const domain: [number, number] = [Date.parse(`${first}T00:00:00Z`), Date.parse(`${last}T00:00:00Z`) + 86_400_000];
  const label = sampleNote ? "sample" : "recorded";
  return (
    <div className="space-y-6">
      {sampleNote && (
        <p className="rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm dark:border-amber-400 dark:bg-amber-950/40">
          <strong>Sample data.</strong> <Prose text={sampleNote} inline />
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
        {points.length > 0 && (
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
        )}
      </div>
    </div>
  );
}
