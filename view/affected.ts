import type { AffectedRole } from "@/domain/record/constants";

export type AffectedPoint = { occurredAt: string; promptTokens: number; role: AffectedRole };
export type DayCount = { day: string; label: string; recipient: number; exposed: number; total: number };

const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2026-08-27" → "27 Aug" */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

/** Counts per UTC day, one entry for every day from `from` to `to` inclusive, zeros included. */
export function countPerDay(points: readonly AffectedPoint[], from: string, to: string): DayCount[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!(start <= end)) throw new Error(`empty day range ${from}..${to}`);
  const days: DayCount[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, label: shortDay(day), recipient: 0, exposed: 0, total: 0 });
  }
  for (const p of points) {
    const index = Math.floor((Date.parse(p.occurredAt) - start) / DAY_MS);
    const entry = days[index];
    if (!entry) throw new Error(`${p.occurredAt} falls outside ${from}..${to}`);
    entry[p.role] += 1;
    entry.total += 1;
  }
  return days;
}

/** The UTC days the points span, for when no exposure window is recorded. */
export function dayRange(points: readonly AffectedPoint[]): { from: string; to: string } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  return { from: first.occurredAt.slice(0, 10), to: last.occurredAt.slice(0, 10) };
}
