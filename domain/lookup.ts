import { z } from "zod";

// What a tenant's lookup answers, as the API sends it, the page shows it and the OpenAPI document
// describes it: the rows its proof covers and nothing else, and the proof as the tenant may see it.

const count = z.number().int().min(0);
const instant = z.iso.datetime();
/** A row's time as its incident's shape gives it: an instant or a day. */
const rowTime = z.union([instant, z.iso.date()]);

/**
 * One affected row of the account, in its incident's shape: never another account's, never its key.
 * Null where the shape has no request ids or no time; measures and data classes by their keys.
 */
export const lookupRequestSchema = z.strictObject({
  requestId: z.string().nullable(),
  occurredAt: rowTime.nullable(),
  measures: z.record(z.string(), count),
  role: z.string(),
  dataClasses: z.array(z.string()),
});
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

const common = {
  incident: z.string(),
  list: z.literal("published"),
  /** Said plainly when the list is a generated sample. */
  sampleData: z.boolean(),
  /** The covered rows of the list, each in its shape's columns (no account id). */
  rows: z.array(lookupRequestSchema),
};

/** The whole of one account's record in the incident: its owner proved it. */
export const accountRowsSchema = z.strictObject({
  ...common,
  covers: z.literal("account"),
  affected: z.boolean(),
  /** How many of the list's rows are this account's. */
  affectedRows: count,
  /** Every role of the shape, with this account's count. */
  byRole: z.record(z.string(), count),
  firstAt: rowTime.nullable(),
  lastAt: rowTime.nullable(),
});
export type AccountRows = z.infer<typeof accountRowsSchema>;

/** Only the request ids asked about: whether each is among the account's affected rows, and those rows. */
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
