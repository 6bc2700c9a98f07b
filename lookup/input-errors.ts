import type { z } from "zod";
import type { Locale } from "@/i18n/locales";
import { type Translator, translator } from "@/i18n/translate";
import { INPUT_MESSAGES } from "./input";

type FieldError = { field: string; message: string };
/** The incident's account id as its list's shape names it, for a refusal of one: its name, its form in words, an example. */
export type AccountWords = { label: string; form: string; example: string } | null;

const KNOWN = Object.fromEntries(Object.entries(INPUT_MESSAGES).map(([key, message]) => [message, key])) as Record<string, keyof typeof INPUT_MESSAGES>;
const UNKNOWN_FIELD = /^there is no field "(.+)" here; leave it out$/;

function said(t: Translator, e: FieldError, account: AccountWords): string {
  const known = KNOWN[e.message];
  if (known) return t(`lookup.errors.${known}`);
  const unknown = UNKNOWN_FIELD.exec(e.message)?.[1];
  if (unknown !== undefined) return t("lookup.errors.unknownField", { name: unknown });
  if (/^requestIds\.\d+$/.test(e.field)) return t("lookup.errors.requestId");
  if (e.field === "accountId") return account ? t("lookup.errors.accountForm", account) : t("lookup.errors.accountAny");
  return t("lookup.errors.other");
}

/**
 * The lookup's findings as its own checks word them (input.ts, the shape's account form), one per
 * field, an unknown key named as the field it is; lookupErrors says them in other languages.
 */
export function checkedErrors(issues: readonly z.core.$ZodIssue[], field?: string): FieldError[] {
  return issues.flatMap((issue) => {
    const at = field ?? issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ field: [at, key].filter(Boolean).join("."), message: `there is no field "${key}" here; leave it out` }));
    return [{ field: at || "(body)", message: issue.message }];
  });
}

/** A lookup's field errors in the reader's language: English as the checks say them; another language by what each is. */
export function lookupErrors(locale: Locale, errors: FieldError[], account: AccountWords): FieldError[] {
  if (locale === "en") return errors;
  const t = translator(locale);
  return errors.map((e) => ({ field: e.field, message: said(t, e, account) }));
}
