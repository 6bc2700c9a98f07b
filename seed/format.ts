import { z } from "zod";
import {
  INCIDENT_STATUSES,
  PHASES,
  PRECISIONS,
  RECOMMENDATION_AUDIENCES,
  RECOMMENDATION_STATUSES,
  SEVERITIES,
} from "@/lib/constants";
import type { EditableCollection } from "@/lib/editor-fields";

// The shape of the seed files in seed/<slug>/: plain data, checked on load.

const text = z.string().trim().min(1);
const isoDate = z.iso.date();
const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "use lower-case words joined by hyphens");
/** Source numbers as the article numbers them; 0 is the article itself. */
const cites = z.array(z.number().int().min(0)).min(1, "every fact cites at least one source");

export const seedIncident = z.strictObject({
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

/** What an editor sends for a new incident: a draft that cites nothing until it has sources. */
export const incidentInput = seedIncident.extend({ cites: z.array(z.number().int().min(0)).default([]) });
export const incidentChanges = incidentInput.omit({ slug: true }).partial();

export const seedSource = z.strictObject({
  number: z.number().int().min(0),
  publisher: text,
  title: text,
  author: text.nullable(),
  publishedOn: isoDate,
  /** Only web addresses: a source link must never be able to run script or load data inline. */
  url: z.url({ protocol: /^https?$/, error: "use an http or https address" }).nullable(),
  note: text.nullable(),
});

export const seedEvent = z.strictObject({
  key,
  at: z.string().nullable(),
  precision: z.enum(PRECISIONS),
  phase: z.enum(PHASES),
  title: text,
  detail: text.nullable(),
  cites,
});

export const seedFigure = z.strictObject({
  value: text,
  unit: text.nullable(),
  label: text,
  note: text.nullable(),
  cites,
});

const durationBase = {
  key,
  label: text,
  countedBy: text,
  method: text,
  note: text.nullable(),
  contests: key.nullable(),
  cites,
};

export const seedDuration = z.discriminatedUnion("kind", [
  z.strictObject({ ...durationBase, kind: z.literal("interval"), from: key, to: key }),
  z.strictObject({
    ...durationBase,
    kind: z.literal("stated"),
    statedMinutes: z.number().int().positive(),
    approximate: z.boolean(),
  }),
]);

export const seedReaction = z.strictObject({
  who: text,
  affiliation: text.nullable(),
  statement: text,
  cites,
});

export const seedFinding = z.strictObject({
  assessor: text,
  assessedOn: isoDate,
  statement: text,
  cites,
});

export const seedAssessment = z.strictObject({
  findings: z.array(seedFinding).min(1),
  reactions: z.array(seedReaction),
});

export const seedRecommendation = z.strictObject({
  audience: z.enum(RECOMMENDATION_AUDIENCES),
  text,
  status: z.enum(RECOMMENDATION_STATUSES),
  cites,
});

export const seedContextFact = z.strictObject({
  topic: text,
  statement: text,
  cites,
});

export const seedFiles = {
  "incident.json": seedIncident,
  "sources.json": z.array(seedSource).min(1),
  "events.json": z.array(seedEvent).min(1),
  "figures.json": z.array(seedFigure),
  "durations.json": z.array(seedDuration),
  "assessments.json": seedAssessment,
  "recommendations.json": z.array(seedRecommendation),
  "context.json": z.array(seedContextFact),
} as const;

export type SeedIncident = z.infer<typeof seedIncident>;
export type SeedSource = z.infer<typeof seedSource>;
export type SeedEvent = z.infer<typeof seedEvent>;
export type SeedFigure = z.infer<typeof seedFigure>;
export type SeedDuration = z.infer<typeof seedDuration>;
export type SeedAssessment = z.infer<typeof seedAssessment>;
export type SeedRecommendation = z.infer<typeof seedRecommendation>;
export type SeedContextFact = z.infer<typeof seedContextFact>;

/** Each collection's item schema, shared by the write verbs and the editor's live checks. */
export const itemSchemas = {
  events: seedEvent,
  sources: seedSource,
  figures: seedFigure,
  durations: seedDuration,
  findings: seedFinding,
  reactions: seedReaction,
  recommendations: seedRecommendation,
  context: seedContextFact,
} as const satisfies Record<EditableCollection, z.ZodType>;
