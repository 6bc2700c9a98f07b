import { z } from "zod";
import { key, sourceNumber, text } from "./common";
import { INCIDENT_STATUSES, SEVERITIES } from "./constants";

export const incidentSchema = z.strictObject({
  slug: key,
  title: text,
  summary: text,
  provider: text,
  service: text,
  model: text.nullable(),
  /** What sort of incident it is, as the dashboard groups and filters them ("Cross-customer data exposure"). */
  kind: text.nullable().default(null),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(SEVERITIES).nullable(),
  impact: text,
  cause: text,
  /** Null while nobody with standing has said whether it was an attack. */
  isAttack: z.boolean().nullable(),
  attackNote: text.nullable(),
  /** The heading of the context section ("The model"); "Context" when null. */
  contextTitle: text.nullable(),
  /** A draft may cite nothing until it has sources. */
  cites: z.array(sourceNumber),
});
export type IncidentFields = z.infer<typeof incidentSchema>;

/** What an editor sends for a new incident: the optional texts may be left out. */
export const incidentInput = incidentSchema.extend({
  model: text.nullable().default(null),
  severity: z.enum(SEVERITIES).nullable().default(null),
  isAttack: z.boolean().nullable().default(null),
  attackNote: text.nullable().default(null),
  contextTitle: text.nullable().default(null),
  cites: z.array(sourceNumber).default([]),
});
export const incidentChanges = incidentSchema.omit({ slug: true }).partial();
