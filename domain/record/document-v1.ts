import { z } from "zod";
import { type V2Summary, v2SummarySchema } from "./document-v2";
import { contextFactSchema } from "./collections/context";
import { durationSchema } from "./collections/durations";
import { eventSchema } from "./collections/events";
import { figureSchema } from "./collections/figures";
import { findingSchema } from "./collections/findings";
import { incidentSchema } from "./incident";
import { reactionSchema } from "./collections/reactions";
import { recommendationSchema } from "./collections/recommendations";
import { type IncidentRecord, incidentRecord } from "./record";
import { sourceSchema } from "./collections/sources";

// incident.json as version 1 wrote it, read so that no export published before version 2 is lost.

const count = z.number().int().min(0);
const v1Incident = incidentSchema.omit({ contextTitle: true }).extend({ isAttack: z.boolean(), sampleNote: z.string().min(1).nullable() });
const v1Affected = z.strictObject({
  sample: z.boolean(),
  note: z.string().min(1).nullable(),
  total: count,
  byRole: z.strictObject({ recipient: count, exposed: count }),
  perDay: z.array(z.strictObject({ day: z.iso.date(), label: z.string(), recipient: count, exposed: count, total: count })),
  promptTokens: z.array(z.strictObject({ from: count, to: count, count })),
});

export const v1DocumentSchema = z.strictObject({
  $schema: z.string().optional(),
  schemaVersion: z.literal(1),
  record: z.strictObject({
    incident: v1Incident,
    sources: z.array(sourceSchema),
    events: z.array(eventSchema),
    figures: z.array(figureSchema),
    durations: z.array(durationSchema),
    assessments: z.strictObject({ findings: z.array(findingSchema), reactions: z.array(reactionSchema) }),
    recommendations: z.array(recommendationSchema),
    context: z.array(contextFactSchema),
  }),
  computed: z.strictObject({ durations: z.array(z.unknown()) }),
  affected: v1Affected.nullable(),
});

// Version 1 knew its headline durations by these keys and titled every context section "The model".
const V1_ROLES: Record<string, "exposure" | "outage"> = { "exposure-window": "exposure", outage: "outage" };

function upgradeAffected(a: z.infer<typeof v1Affected>): V2Summary {
  const size = a.promptTokens[0] ? a.promptTokens[0].to - a.promptTokens[0].from : 0;
  return v2SummarySchema.parse({
    sample: a.sample,
    note: a.note,
    total: a.total,
    byRole: a.byRole,
    firstAt: null,
    lastAt: null,
    perDay: a.perDay.filter((d) => d.total > 0).map(({ day, recipient, exposed }) => ({ day, recipient, exposed })),
    promptTokens: size > 0 ? { bucket: size, counts: a.promptTokens.map(({ from, count: n }) => ({ from, count: n })) } : null,
  });
}

export function upgradeV1(v1: z.infer<typeof v1DocumentSchema>): { record: IncidentRecord; computed: { durations: [] }; affected: V2Summary | null } {
  const { assessments, incident, ...rest } = v1.record;
  const { sampleNote: _sampleNote, ...fields } = incident;
  const record = incidentRecord.parse({
    ...rest,
    incident: { ...fields, contextTitle: rest.context.length > 0 ? "The model" : null },
    findings: assessments.findings,
    reactions: assessments.reactions,
    durations: rest.durations.map((d) => ({ ...d, role: V1_ROLES[d.key] ?? null })),
  });
  return { record, computed: { durations: [] }, affected: v1.affected ? upgradeAffected(v1.affected) : null };
}
