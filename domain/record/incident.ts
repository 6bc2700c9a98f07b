import { z } from "zod";
import { cites, key, text } from "./common";
import { INCIDENT_STATUSES, SEVERITIES } from "./constants";

export const incidentSchema = z.strictObject({
  slug: key,
  title: text,
  summary: text,
  provider: text,
  service: text,
  model: text.nullable(),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(SEVERITIES).nullable(),
  impact: text,
  cause: text,
  isAttack: z.boolean(),
  attackNote: text.nullable(),
  /** Says why the affected list shown is a generated sample; null when it is the real list. */
  sampleNote: text.nullable(),
  cites,
});
export type IncidentFields = z.infer<typeof incidentSchema>;

/** What an editor sends for a new incident: a draft that cites nothing until it has sources. */
export const incidentInput = incidentSchema.extend({ cites: z.array(z.number().int().min(0)).default([]) });
export const incidentChanges = incidentInput.omit({ slug: true }).partial();
