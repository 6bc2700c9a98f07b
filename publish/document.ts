import { SCHEMA_VERSION } from "@/domain/record/document";
import type { IncidentRecord } from "@/domain/record/record";
import type { AffectedPoint, DayCount } from "@/view/affected";
import { countPerDay, dayRange } from "@/view/affected";
import { type ComputedClaim, computeClaim } from "@/domain/record/duration-length";


export type TokenBucket = { from: number; to: number; count: number };

/** What may be published about the affected responses: counts only, never a row, key or request id. */
export type AffectedSummary = {
  sample: boolean;
  note: string | null;
  total: number;
  byRole: { recipient: number; exposed: number };
  perDay: DayCount[];
  promptTokens: TokenBucket[];
};

export type ComputedDuration = Pick<ComputedClaim, "key" | "length" | "approx" | "basis" | "minutes">;

/** One incident as exported: the importable record, the lengths computed from it, public counts. */
export type IncidentDocument = {
  schemaVersion: typeof SCHEMA_VERSION;
  record: IncidentRecord;
  computed: { durations: ComputedDuration[] };
  affected: AffectedSummary | null;
};

const BUCKET = 50_000;

export function promptTokenBuckets(points: readonly AffectedPoint[]): TokenBucket[] {
  if (points.length === 0) return [];
  const tokens = points.map((p) => p.promptTokens);
  const low = Math.floor(Math.min(...tokens) / BUCKET) * BUCKET;
  const high = Math.floor(Math.max(...tokens) / BUCKET) * BUCKET + BUCKET;
  const buckets: TokenBucket[] = [];
  for (let from = low; from < high; from += BUCKET) buckets.push({ from, to: from + BUCKET, count: 0 });
  for (const t of tokens) {
    const bucket = buckets[Math.floor((t - low) / BUCKET)];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

export function summariseAffected(
  points: readonly AffectedPoint[],
  window: { from: string; to: string } | null,
  note: string | null,
): AffectedSummary | null {
  const range = window ?? dayRange(points);
  if (!range) return null;
  const byRole = { recipient: 0, exposed: 0 };
  for (const p of points) byRole[p.role] += 1;
  return {
    sample: note !== null,
    note,
    total: points.length,
    byRole,
    perDay: countPerDay(points, range.from, range.to),
    promptTokens: promptTokenBuckets(points),
  };
}

/** The exposure window's UTC days, when the record names one, for the per-day counts. */
export function exposureDays(record: IncidentRecord): { from: string; to: string } | null {
  const claim = record.durations.find((d) => d.key === "exposure-window");
  if (!claim || claim.kind !== "interval") return null;
  const at = (key: string) => record.events.find((e) => e.key === key)?.at ?? null;
  const from = at(claim.from);
  const to = at(claim.to);
  return from && to ? { from: from.slice(0, 10), to: to.slice(0, 10) } : null;
}

/** Lengths computed from the record's own events (and stated lengths as stated). */
export function computeDurations(record: IncidentRecord): ComputedClaim[] {
  const events = new Map(record.events.map((e) => [e.key, e]));
  return record.durations.map((d) =>
    computeClaim({
      key: d.key,
      label: d.label,
      kind: d.kind,
      from: d.kind === "interval" ? (events.get(d.from) ?? null) : null,
      to: d.kind === "interval" ? (events.get(d.to) ?? null) : null,
      statedMinutes: d.kind === "stated" ? d.statedMinutes : null,
      approximate: d.kind === "stated" ? d.approximate : false,
      countedBy: d.countedBy,
      method: d.method,
      note: d.note,
      contestsKey: d.contests,
      cites: d.cites,
    }),
  );
}

export function buildDocument(record: IncidentRecord, affected: AffectedSummary | null): IncidentDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    record,
    computed: {
      durations: computeDurations(record).map(({ key, length, approx, basis, minutes }) => ({ key, length, approx, basis, minutes })),
    },
    affected,
  };
}
