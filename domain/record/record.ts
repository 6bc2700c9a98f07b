import { z } from "zod";
import { COLLECTION_NAMES, type Collection } from "./collections";
import { contextFactSchema } from "./context-fact";
import { durationSchema } from "./duration";
import { eventSchema } from "./event";
import { figureSchema } from "./figure";
import { findingSchema } from "./finding";
import { incidentSchema } from "./incident";
import { reactionSchema } from "./reaction";
import { recommendationSchema } from "./recommendation";
import { storedSourceSchema } from "./source";

type Path = Array<string | number>;

/** A whole incident as plain data (keys and source numbers, no ids), with its internal references checked; its sources as stored (see storedSourceSchema). */
export const incidentRecord = z
  .strictObject({
    incident: incidentSchema,
    events: z.array(eventSchema),
    sources: z.array(storedSourceSchema),
    figures: z.array(figureSchema),
    durations: z.array(durationSchema),
    findings: z.array(findingSchema),
    reactions: z.array(reactionSchema),
    recommendations: z.array(recommendationSchema),
    context: z.array(contextFactSchema),
  } satisfies { incident: z.ZodType } & Record<Collection, z.ZodType>)
  .superRefine((record, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });
    const unique = (collection: Collection, values: Array<string | number>, what: string) => {
      if (new Set(values).size !== values.length) issue([collection], `${what} must be unique`);
    };
    const numbers = new Set(record.sources.map((s) => s.number));
    const eventKeys = new Set(record.events.map((e) => e.key));
    const durationKeys = new Set(record.durations.map((d) => d.key));
    unique("sources", record.sources.map((s) => s.number), "source numbers");
    unique("events", record.events.map((e) => e.key), "event keys");
    unique("durations", record.durations.map((d) => d.key), "duration keys");
    const roles = record.durations.flatMap((d) => (d.role ? [d.role] : []));
    if (new Set(roles).size !== roles.length) issue(["durations"], "at most one duration may carry each role");

    const checkCites = (path: Path, cites: number[]) => {
      for (const n of cites) if (!numbers.has(n)) issue([...path, "cites"], `cites source [${n}], which is not in sources`);
    };
    checkCites(["incident"], record.incident.cites);
    for (const collection of COLLECTION_NAMES) {
      const items: readonly object[] = record[collection];
      items.forEach((item, i) => "cites" in item && Array.isArray(item.cites) && checkCites([collection, i], item.cites));
    }
    record.durations.forEach((d, i) => {
      if (d.kind === "interval") {
        if (!eventKeys.has(d.from)) issue(["durations", i, "from"], `no event "${d.from}"`);
        if (!eventKeys.has(d.to)) issue(["durations", i, "to"], `no event "${d.to}"`);
      }
      if (d.contests !== null && (!durationKeys.has(d.contests) || d.contests === d.key)) {
        issue(["durations", i, "contests"], `no other duration "${d.contests}"`);
      }
    });
  });

export type IncidentRecord = z.infer<typeof incidentRecord>;
export type RecordInput = z.input<typeof incidentRecord>;
