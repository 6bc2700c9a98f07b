import { z } from "zod";
import { prng } from "./prng";

/**
 * A generated affected list that agrees with what the sources publish, for an incident whose real
 * list is not published: how many responses and accounts, the window, the prompt lengths. The same
 * rows on every machine, so tests and the README can name sample accounts.
 */
export const sampleSpec = z.strictObject({
  /** Shown wherever the sample is: why it is a sample. */
  note: z.string().trim().min(1),
  seed: z.number().int(),
  accountSeed: z.number().int(),
  responses: z.number().int().positive(),
  accounts: z.number().int().positive(),
  /** After every account has one row, the rest go to the first this many. */
  heavyAccounts: z.number().int().positive(),
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  /** The list's measure a row carries (its column in the shape), spread from above `above` to `atMost`, skewed towards the low end. */
  measure: z.strictObject({ key: z.string().min(1), above: z.number().int().min(0), atMost: z.number().int().positive(), skew: z.number().positive() }),
  /** The role every generated row has: a sample invents no other side than the one the sources count. */
  role: z.string().min(1),
  requestIdSuffixes: z.array(z.string().regex(/^[A-Za-z0-9]+$/)).min(1),
});
/** The form the incident's account ids take (its shape's), which the sample's ids follow. */
export type SampleIdForm = { kind: "hex"; digits: number } | { kind: "uuid" } | { kind: "decimal"; maxDigits: number } | { kind: "email" } | { kind: "text"; maxLength: number };
/** sample.json, and the account-id form the seed's reader adds from the incident's shape (never written twice). */
export type SampleSpec = z.infer<typeof sampleSpec> & { accountForm: SampleIdForm };

/** A row as an affected-list file gives it. */
/** A row as an affected-list file gives it; its measure under the spec's key. */
export type SampleRow = { account_id: string; request_id: string; occurred_at: string; role: string; [measure: string]: string | number };

function hex(random: () => number, length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** One made-up account id of the list's form. */
function accountIdOf(random: () => number, form: SampleIdForm): string {
  switch (form.kind) {
    case "hex":
      return hex(random, form.digits);
    case "uuid": {
      const h = hex(random, 32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    }
    case "decimal":
      return String(1 + Math.floor(random() * 9)) + Array.from({ length: form.maxDigits - 1 }, () => Math.floor(random() * 10)).join("");
    case "email":
      return `account-${hex(random, 12)}@example.com`;
    case "text":
      return `account-${hex(random, Math.max(1, Math.min(24, form.maxLength - 8)))}`;
  }
}

/** Account ids, in the list's own form, in the order the sample hands them out; ids past `spec.accounts` are in no row. */
export function sampleAccountIds(spec: SampleSpec, count: number = spec.accounts): string[] {
  const random = prng(spec.accountSeed);
  return Array.from({ length: count }, () => accountIdOf(random, spec.accountForm));
}

export function generateSample(spec: SampleSpec): SampleRow[] {
  const random = prng(spec.seed);
  const accounts = sampleAccountIds(spec);
  const start = Date.parse(spec.from);
  const span = Date.parse(spec.until) - start;
  const least = spec.measure.above + 1;
  const range = spec.measure.atMost - least + 1;
  const rows: SampleRow[] = [];
  const requestIds = new Set<string>();
  while (rows.length < spec.responses) {
    // Every account gets at least one row, then a few heavy users get most of the rest.
    const accountId = rows.length < accounts.length ? accounts[rows.length] : pick(random, accounts.slice(0, spec.heavyAccounts));
    const requestId = `${hex(random, 16)}-${pick(random, spec.requestIdSuffixes)}`;
    if (!accountId || requestIds.has(requestId)) continue;
    requestIds.add(requestId);
    // Whole seconds, strictly inside the window.
    const at = start + Math.floor(random() * (span / 1000)) * 1000;
    rows.push({
      account_id: accountId,
      request_id: requestId,
      occurred_at: new Date(at).toISOString(),
      [spec.measure.key]: least + Math.floor(random() ** spec.measure.skew * range),
      role: spec.role,
    });
  }
  return rows.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
}
