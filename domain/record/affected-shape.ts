import { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { wordsIn } from "../say-in";
import { key, text } from "./common";

// What one row of an incident's affected list is, as data of the incident: its unit, how tenants
// know their account id, whether rows carry request ids, the roles, the whole-number measures, the
// kinds of data a row may have exposed, and the time a row has. The row's schema is made from it.

const word = z.string().trim().min(1).max(200);

/** The forms an account id may take: a small closed set, each checked exactly. */
export const accountIdForm = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("hex"), digits: z.number().int().min(1).max(128) }),
  z.strictObject({ kind: z.literal("uuid") }),
  z.strictObject({ kind: z.literal("decimal"), maxDigits: z.number().int().min(1).max(40) }),
  /** Kept, like every id, only as a keyed hash. */
  z.strictObject({ kind: z.literal("email") }),
  z.strictObject({ kind: z.literal("text"), maxLength: z.number().int().min(1).max(128) }),
]);
export type AccountIdForm = z.infer<typeof accountIdForm>;

const named = z.strictObject({ key, label: word, meaning: text });

export const affectedShapeSchema = z
  .strictObject({
    /** What one row is, in the incident's own word ("subscriber", "request"). */
    unit: z.strictObject({ one: word, many: word }),
    account: z.strictObject({
      /** As tenants know it, in the provider's words ("your account number"). */
      name: word,
      form: accountIdForm,
      example: z.string().min(1).max(254),
      caseSensitive: z.boolean(),
    }),
    /** Null: the rows carry none, and the request-id proof is not offered. */
    requestIds: z.strictObject({ name: word, many: word, example: z.string().min(1).max(128), where: text }).nullable(),
    roles: z.array(named).min(1).max(8),
    /** Whole-number values per row (a length, a count), from 1 to `max`; counted in buckets of `bucket`, or of a width fitted to the list. */
    measures: z
      .array(
        z.strictObject({
          key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "a measure's key is a column name: lower-case letters, digits and _"),
          name: word,
          unit: word,
          max: z.number().int().positive(),
          bucket: z.number().int().positive().optional(),
        }),
      )
      .max(4),
    /** The kinds of data a row may have exposed ("email address"); each row names its own. */
    dataClasses: z.array(named).max(32),
    /** What time a row has: an instant, a day, or none. */
    time: z.enum(["instant", "day", "none"]),
    /** Whom an affected tenant should contact, as the provider gives it ("Open a support case"), with its address; null when no source gives one. */
    contact: z.strictObject({ text: word, href: z.url({ protocol: /^https?$/ }).nullable() }).nullable().default(null),
  })
  .superRefine((shape, ctx) => {
    const once = (what: string, keys: string[], path: string) => {
      const twice = keys.find((k, i) => keys.indexOf(k) !== i);
      if (twice) ctx.addIssue({ code: "custom", path: [path], message: `two ${what} have the key "${twice}"` });
    };
    once("roles", shape.roles.map((r) => r.key), "roles");
    once("data classes", shape.dataClasses.map((d) => d.key), "dataClasses");
    once("measures", shape.measures.map((m) => m.key), "measures");
    const reserved = shape.measures.find((m) => RESERVED.has(m.key));
    if (reserved) ctx.addIssue({ code: "custom", path: ["measures"], message: `"${reserved.key}" is a column of every row; name the measure otherwise` });
    if (!accountIdOf(shape.account).safeParse(shape.account.example).success) {
      ctx.addIssue({ code: "custom", path: ["account", "example"], message: `the example is not ${describeForm(shape.account.form)}` });
    }
  });
export type AffectedShape = z.infer<typeof affectedShapeSchema>;

const RESERVED = new Set(["account_id", "request_id", "occurred_at", "role", "data_classes"]);

/** How a form of the closed set is said to a tenant, in a language (the catalogue's lookup.idForm); the number in it is the shape's. */
export function describeForm(form: AccountIdForm, locale: Locale = DEFAULT_LOCALE): string {
  const t = wordsIn(locale);
  switch (form.kind) {
    case "hex":
      return t("lookup.idForm.hex", { digits: form.digits });
    case "uuid":
      return t("lookup.idForm.uuid");
    case "decimal":
      return t("lookup.idForm.decimal", { digits: form.maxDigits });
    case "email":
      return t("lookup.idForm.email");
    case "text":
      return t("lookup.idForm.text", { length: form.maxLength });
  }
}

const FORM_PATTERN = {
  hex: (f: { digits: number }) => new RegExp(`^[0-9a-fA-F]{${f.digits}}$`),
  uuid: () => /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  decimal: (f: { maxDigits: number }) => new RegExp(`^[0-9]{1,${f.maxDigits}}$`),
  // One @, a dot in the domain, no spaces or angle brackets: what a list of contacts holds, not RFC 5321 in full.
  email: () => /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]+\.[^\s@<>,;"]{2,}$/,
  text: (f: { maxLength: number }) => new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:@-]{0,${f.maxLength - 1}}$`),
};

function patternOf(form: AccountIdForm): RegExp {
  switch (form.kind) {
    case "hex":
      return FORM_PATTERN.hex(form);
    case "decimal":
      return FORM_PATTERN.decimal(form);
    case "text":
      return FORM_PATTERN.text(form);
    default:
      return FORM_PATTERN[form.kind]();
  }
}

/** An account id as a tenant may send it before its incident is known: its form is checked against the shape after. */
export const anyAccountId = z
  .string()
  .trim()
  .regex(/^\S{1,254}$/, "an account id is 1–254 characters without spaces, as your provider issued it");

/** An account id as this incident's tenants write it, trimmed; lower-cased unless case matters, so "ABC" and "abc" are one account. */
export function accountIdOf(account: AffectedShape["account"]) {
  return z
    .string()
    .trim()
    .regex(patternOf(account.form), `${account.name} is ${describeForm(account.form)}, like ${account.example}`)
    .transform((id) => (account.caseSensitive ? id : id.toLowerCase()));
}

/**
 * The shape of a list whose incident has none of its own: plain words that claim nothing of it, ids
 * as safe text, request ids and an instant per row, the two roles of a cross-tenant exposure.
 */
export const PLAIN_SHAPE: AffectedShape = {
  unit: { one: "row", many: "rows" },
  account: { name: "account id", form: { kind: "text", maxLength: 128 }, example: "account-1", caseSensitive: true },
  requestIds: { name: "request id", many: "request ids", example: "req-1", where: "The record does not say where the provider shows a request's id." },
  roles: [
    { key: "recipient", label: "received another's data", meaning: "A row of this account received another account's data." },
    { key: "exposed", label: "own data exposed", meaning: "This account's own data reached another account." },
  ],
  measures: [],
  dataClasses: [],
  time: "instant",
  contact: null,
};

/** The shape a list of this incident has: its own, or the plain one. */
export const shapeOf = (record: { affectedShape: AffectedShape | null }): AffectedShape => record.affectedShape ?? PLAIN_SHAPE;

/** What setting a shape takes (PUT /api/v1/incidents/{slug}/affected/schema): the incident's version and the shape. */
export const affectedShapeInput = z.strictObject({ version: z.number().int().positive(), shape: affectedShapeSchema });

/** A shape as the incident's column stores it (JSON text, or null for none), checked. */
export const storedShape = (json: string | null): AffectedShape | null => (json === null ? null : affectedShapeSchema.parse(JSON.parse(json)));
