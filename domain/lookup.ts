import { z } from "zod";
import { AFFECTED_ROLES } from "./record/constants";

// What a tenant's lookup answers, as the API sends it, the page shows it and the OpenAPI document
// describes it: the rows its proof covers and nothing else, and the proof as the tenant may see it.

const count = z.number().int().min(0);
const instant = z.iso.datetime();

/** One affected response of the account: never another account's, never its key. */
export const lookupRequestSchema = z.strictObject({ requestId: z.string(), occurredAt: instant, promptTokens: count, role: z.enum(AFFECTED_ROLES) });
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

const common = {
  incident: z.string(),
  list: z.literal("published"),
  /** Said plainly when the list is a generated sample. */
  sampleData: z.boolean(),
  requests: z.array(lookupRequestSchema),
};

/** The whole of one account's record in the incident: its owner proved it. */
export const accountRowsSchema = z.strictObject({
  ...common,
  covers: z.literal("account"),
  affected: z.boolean(),
  responses: count,
  byRole: z.strictObject({ recipient: count, exposed: count }),
  firstAt: instant.nullable(),
  lastAt: instant.nullable(),
});
export type AccountRows = z.infer<typeof accountRowsSchema>;

/** Only the request ids asked about: whether each is among the account's affected responses, and those rows. */
export const requestIdRowsSchema = z.strictObject({
  ...common,
  covers: z.literal("request-ids"),
  checkedRequestIds: z.array(z.strictObject({ requestId: z.string(), affected: z.boolean() })),
});
export type RequestIdRows = z.infer<typeof requestIdRowsSchema>;
export type CoveredRows = AccountRows | RequestIdRows;

const proofSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("account"), via: z.enum(["link", "openid"]), accountEnding: z.string(), expiresAt: instant }),
  z.strictObject({ kind: z.literal("request-ids") }),
]);

/** A lookup's answer (200): the covered rows and the proof they were shown for. */
export const lookupAnswerSchema = z.discriminatedUnion("covers", [accountRowsSchema.extend({ proof: proofSchema }), requestIdRowsSchema.extend({ proof: proofSchema })]);
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;
