import { spanBetween } from "@/lib/durations";
import { formatPreciseTime } from "@/lib/precise-time";
import type { IncidentRecord } from "./record";
import type { Said } from "../said";

/** A rule the whole record breaks, with the item and the field each side of it would be fixed in. */
export type RecordProblem = { said: Said; at: Array<{ collection: string; key: string; field: string }> };

/** What recordProblems reads: a write to anything else cannot break its rules, so it is not checked again. */
export const RULED_ENTITIES: ReadonlySet<string> = new Set(["events", "durations"]);

/**
 * What the record's schema cannot see item by item and every write must keep: an interval ends
 * after it starts, whichever of its duration or its events was edited. Pages compute lengths from
 * these, so a record that breaks one would answer 500 instead of its page.
 */
export function recordProblems(record: IncidentRecord): RecordProblem[] {
  const events = new Map(record.events.map((e) => [e.key, e]));
  const problems: RecordProblem[] = [];
  for (const d of record.durations) {
    if (d.kind !== "interval") continue;
    const from = events.get(d.from);
    const to = events.get(d.to);
    if (!from || !to) continue; // the schema's references say which is missing
    try {
      spanBetween(from, to);
    } catch {
      problems.push({
        said: { key: "problems.intervalBackwards", values: { label: d.label, to: to.title, toAt: formatPreciseTime(to), from: from.title, fromAt: formatPreciseTime(from) } },
        at: [
          { collection: "durations", key: d.key, field: "to" },
          { collection: "events", key: to.key, field: "at" },
          { collection: "events", key: from.key, field: "at" },
        ],
      });
    }
  }
  return problems;
}
