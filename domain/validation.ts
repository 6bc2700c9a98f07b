import type { z } from "zod";
import { safeHref } from "@/lib/markdown/url";
import type { Said, SaidValue } from "./said";

// zod's findings in words a person understands, in any language: each issue the record's schemas
// can raise becomes a sentence of the "validation" catalogue with the field's own name. The one
// mapping the editor's forms (live and on save), the API's 400s and the imports all say.

type Issue = z.core.$ZodIssue;

/** What a schema's own refinement says: its sentence, carried in the issue's params (see `refusal`). */
const SAID_PARAM = "said";

/** A refinement's words for zod: the issue's message is the key (no English copy to drift), its params the sentence. */
export const refusal = (said: Said) => ({ message: said.key, params: { [SAID_PARAM]: said } });

/** The pattern of a key or slug (domain/record/common.ts), which the mapping names in words of its own. */
export const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A whole number written as text in its one decimal spelling. */
export const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)$/;

const isSaid = (value: unknown): value is Said =>
  typeof value === "object" && value !== null && "key" in value && typeof value.key === "string" && value.key.startsWith("validation.");

const say = (key: string, field: SaidValue, values: Record<string, SaidValue> = {}): Said => ({ key: `validation.${key}`, values: { field, ...values } });

/** The value at an issue's path in what was checked, for a sentence that quotes it (an address to write instead). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const step of path) at = typeof at === "object" && at !== null ? new Map(Object.entries(at)).get(String(step)) : undefined;
  return at;
}

const choices = (values: readonly unknown[]) => values.map((v) => (v === null ? "null" : String(v))).join(", ");

function wrongType(issue: Extract<Issue, { code: "invalid_type" }>, field: SaidValue, given: unknown): Said {
  if (given === undefined) return say("missing", field);
  if (given === null) return say("notEmpty", field);
  if (issue.expected === "string") return typeof given === "number" || typeof given === "boolean" ? say("type.quoted", field) : say("type.text", field);
  if (issue.expected === "int") return say("wholeNumber", field);
  const kinds: Record<string, string> = { number: "type.number", boolean: "type.yesNo", array: "type.list", object: "type.object" };
  return say(kinds[issue.expected] ?? "type.other", field);
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>, field: SaidValue): Said {
  const minimum = Number(issue.minimum);
  if (issue.origin === "string") return minimum <= 1 ? say("fill", field) : say("tooShort", field, { minimum });
  // A fact's sources: the one list whose emptiness has a reason to say.
  if (issue.origin === "array" && issue.path.at(-1) === "cites" && minimum === 1) return say("record.citeOne", field);
  if (issue.origin === "array" || issue.origin === "set") return say("pickAtLeast", field, { minimum });
  return say(issue.inclusive === false ? "moreThan" : "atLeast", field, { minimum });
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>, field: SaidValue): Said {
  const maximum = Number(issue.maximum);
  if (issue.origin === "string") return say("tooLong", field, { maximum });
  if (issue.origin === "array" || issue.origin === "set") return say("pickAtMost", field, { maximum });
  return say(issue.inclusive === false ? "lessThan" : "atMost", field, { maximum });
}

function badFormat(issue: Extract<Issue, { code: "invalid_format" }>, field: SaidValue, given: unknown): Said {
  if (issue.format === "regex" && issue.pattern === String(KEY_PATTERN)) return say("key", field);
  if (issue.format === "regex" && issue.pattern === String(DECIMAL_PATTERN)) return say("decimal", field);
  if (issue.format === "url") {
    const href = typeof given === "string" ? safeHref(given) : null;
    return href !== null && /^https?:\/\//.test(href) ? say("urlWriteAs", field, { href }) : say("url", field);
  }
  const formats: Record<string, string> = { date: "date", datetime: "datetime", time: "time", email: "email" };
  return say(formats[issue.format] ?? "format", field);
}

/** What to call things no field names: the body as a whole, a key it should not have. */
export type Naming = {
  /** The field's name for a sentence, from its path ("item.title" → the title field's label), or null to quote the path. */
  name: (path: readonly PropertyKey[]) => SaidValue | null;
  /** What an unknown key is: a field, a path segment or a query parameter. */
  noun?: "field" | "segment" | "parameter";
};

const UNKNOWN: Record<NonNullable<Naming["noun"]>, string> = { field: "unknownField", segment: "unknownSegment", parameter: "unknownParameter" };

/** The field's name as a sentence gives it: its label when the naming knows it, else its path as written, else "the request". */
export function fieldOf(path: readonly PropertyKey[], naming: Naming): SaidValue {
  return naming.name(path) ?? (path.length ? path.map(String).join(".") : { key: "validation.theRequest" });
}

/** One issue as a sentence; `input` is what was checked, for the sentences that quote the value at the issue's path. */
export function issueSaid(issue: Issue, input: unknown, naming: Naming): Said {
  const field = fieldOf(issue.path, naming);
  const given = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return wrongType(issue, field, given);
    case "too_small":
      return tooSmall(issue, field);
    case "too_big":
      return tooBig(issue, field);
    case "invalid_format":
      return badFormat(issue, field, given);
    case "invalid_value":
      return say("choose", field, { choices: choices(issue.values) });
    case "invalid_union":
      return issue.discriminator !== undefined && "options" in issue && issue.options ? say("choose", field, { choices: choices(issue.options) }) : say("notAccepted", field);
    case "unrecognized_keys":
      return { key: `validation.${UNKNOWN[naming.noun ?? "field"]}`, values: { name: issue.keys.join(", ") } };
    case "custom": {
      const said: unknown = issue.params?.[SAID_PARAM];
      return isSaid(said) ? { ...said, values: { field, ...said.values } } : say("notAccepted", field);
    }
    default:
      return say("notAccepted", field);
  }
}

/** Each issue as the API and the forms list them: where ("item.title"; an unknown key as the field it would be) and the sentence. */
export function issueSentences(issues: readonly Issue[], input: unknown, naming: Naming): Array<{ field: string; said: Said }> {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code !== "unrecognized_keys") return [{ field: at.join(".") || "(body)", said: issueSaid(issue, input, naming) }];
    return issue.keys.map((key) => ({ field: [...at, key].join("."), said: issueSaid({ ...issue, keys: [key] }, input, naming) }));
  });
}
