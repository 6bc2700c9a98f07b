import { z } from "zod";
import { contextFactSchema } from "./context-fact";
import { durationSchema } from "./duration";
import { eventSchema } from "./event";
import { figureSchema } from "./figure";
import { findingSchema } from "./finding";
import { incidentSchema } from "./incident";
import { reactionSchema } from "./reaction";
import { recommendationSchema } from "./recommendation";
import { sourceSchema } from "./source";
import { isValidPreciseTime } from "@/lib/precise-time";

export const assessmentSchema = z.strictObject({
  findings: z.array(findingSchema).min(1),
  reactions: z.array(reactionSchema),
});

/** A whole incident as plain data, with its internal references checked. */
export const incidentRecord = z
  .strictObject({
    incident: incidentSchema,
    sources: z.array(sourceSchema).min(1),
    events: z.array(eventSchema).min(1),
    figures: z.array(figureSchema),
    durations: z.array(durationSchema),
    assessments: assessmentSchema,
    recommendations: z.array(recommendationSchema),
    context: z.array(contextFactSchema),
  })
  .superRefine((record, ctx) => {
    const numbers = new Set(record.sources.map((s) => s.number));
    const eventKeys = new Set(record.events.map((e) => e.key));
    const durationKeys = new Set(record.durations.map((d) => d.key));
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });

    if (numbers.size !== record.sources.length) issue(["sources"], "source numbers must be unique");
    if (eventKeys.size !== record.events.length) issue(["events"], "event keys must be unique");
    if (durationKeys.size !== record.durations.length) issue(["durations"], "duration keys must be unique");

    const checkCites = (path: (string | number)[], cites: number[]) => {
      for (const n of cites) if (!numbers.has(n)) issue([...path, "cites"], `cites source [${n}], which is not in sources`);
    };
    checkCites(["incident"], record.incident.cites);
    record.events.forEach((e, i) => {
      checkCites(["events", i], e.cites);
      if (!isValidPreciseTime({ at: e.at, precision: e.precision })) {
        issue(["events", i, "at"], `"${e.at}" is not a ${e.precision}-precision UTC time`);
      }
    });
    record.figures.forEach((f, i) => checkCites(["figures", i], f.cites));
    record.durations.forEach((d, i) => {
      checkCites(["durations", i], d.cites);
      if (d.kind === "interval") {
        if (!eventKeys.has(d.from)) issue(["durations", i, "from"], `no event "${d.from}"`);
        if (!eventKeys.has(d.to)) issue(["durations", i, "to"], `no event "${d.to}"`);
      }
      if (d.contests !== null && (!durationKeys.has(d.contests) || d.contests === d.key)) {
        issue(["durations", i, "contests"], `no other duration "${d.contests}"`);
      }
    });
    record.assessments.findings.forEach((f, i) => checkCites(["assessments", "findings", i], f.cites));
    record.assessments.reactions.forEach((r, i) => checkCites(["assessments", "reactions", i], r.cites));
    record.recommendations.forEach((r, i) => checkCites(["recommendations", i], r.cites));
    record.context.forEach((c, i) => checkCites(["context", i], c.cites));
  });

export type IncidentRecord = z.infer<typeof incidentRecord>;
