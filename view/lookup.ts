import { untranslatedLang } from "@/domain/record/translation-overlay";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Recommendation } from "@/domain/record/collections/recommendations";
import { type AffectedShape, describeForm } from "@/domain/record/affected-shape";
import type { IncidentRecord } from "@/domain/record/record";
import type { Locale } from "@/i18n/locales";
import { type Translator, translator } from "@/i18n/translate";
import { capitalize } from "@/lib/words";
import { type ListWords, listWords } from "./list-words";

/** The lookup page's view of an incident: whether a list can be checked, and what to do either way. */
export type LookupView = {
  slug: string;
  title: string;
  provider: string;
  /** "none": no list published; "counts-only": only its counts are here; "list": accounts can be checked. */
  list: "none" | "counts-only" | "list";
  sample: boolean;
  note: string | null;
  /** The note's language when it is not the page's (it has no translation). */
  noteLang: Locale | null;
  total: number;
  advice: Recommendation[];
  words: LookupWords;
};

/** How the lookup names what it checks, in the incident's own words (its list's shape); plain words where it has no shape. */
export type LookupWords = ListWords & {
  account: { label: string; hint: string };
  /** Null: the list's rows carry no request ids, so they cannot prove an account. */
  requests: { label: string; hint: string } | null;
};

/** The list's own words stay as its shape gives them; a list without a shape gets the interface's plain ones, in the page's language. */
function plainWords(t: Translator): Pick<LookupWords, "unitOne" | "unitMany" | "roles"> {
  return { unitOne: t("lookup.plain.unitOne"), unitMany: t("lookup.plain.unitMany"), roles: { recipient: t("lookup.plain.recipient"), exposed: t("lookup.plain.exposed") } };
}

export function lookupWords(shape: AffectedShape | null, locale: Locale = "en"): LookupWords {
  const t = translator(locale);
  const list = listWords(shape);
  const fromLogs = t("lookup.words.fromLogs");
  if (!shape) {
    const plain = locale === "en" ? {} : plainWords(t);
    return { ...list, ...plain, account: { label: t("lookup.words.accountLabel"), hint: t("lookup.words.accountHint") }, requests: { label: t("lookup.words.requestsLabel"), hint: fromLogs } };
  }
  return {
    ...list,
    account: { label: capitalize(shape.account.name), hint: t("lookup.words.accountForm", { form: capitalize(describeForm(shape.account.form, locale)), example: shape.account.example }) },
    requests: shape.requestIds ? { label: capitalize(shape.requestIds.many), hint: `${fromLogs} ${shape.requestIds.where}` } : null,
  };
}

export function lookupView(stored: { record: IncidentRecord; affected: { rows: boolean; summary: AffectedSummary } | null }, locale: Locale = "en"): LookupView {
  const { record, affected } = stored;
  return {
    words: lookupWords(record.affectedShape, locale),
    slug: record.incident.slug,
    title: record.incident.title,
    provider: record.incident.provider,
    list: !affected ? "none" : affected.rows ? "list" : "counts-only",
    sample: affected?.summary.sample ?? false,
    note: affected?.summary.note ?? null,
    noteLang: affected?.summary.note ? untranslatedLang(record) : null,
    total: affected?.summary.total ?? 0,
    // What the lookup itself does is not advice on its own page.
    advice: record.recommendations.filter((r) => r.audience === "tenant" && !r.answeredByLookup),
  };
}
