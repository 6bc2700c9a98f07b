import type { Locale } from "./locales";
import enAuth from "./messages/en/auth.json";
import enCommon from "./messages/en/common.json";
import enEditor from "./messages/en/editor.json";
import enExports from "./messages/en/exports.json";
import enLookup from "./messages/en/lookup.json";
import enMail from "./messages/en/mail.json";
import enNotices from "./messages/en/notices.json";
import enProblems from "./messages/en/problems.json";
import enPublic from "./messages/en/public.json";
import enRecordLanguages from "./messages/en/record-languages.json";
import enRecord from "./messages/en/record.json";
import enSearch from "./messages/en/search.json";
import enSubscribe from "./messages/en/subscribe.json";
import enValidation from "./messages/en/validation.json";
import ruAuth from "./messages/ru/auth.json";
import ruCommon from "./messages/ru/common.json";
import ruEditor from "./messages/ru/editor.json";
import ruExports from "./messages/ru/exports.json";
import ruLookup from "./messages/ru/lookup.json";
import ruMail from "./messages/ru/mail.json";
import ruNotices from "./messages/ru/notices.json";
import ruProblems from "./messages/ru/problems.json";
import ruPublic from "./messages/ru/public.json";
import ruRecordLanguages from "./messages/ru/record-languages.json";
import ruRecord from "./messages/ru/record.json";
import ruSearch from "./messages/ru/search.json";
import ruSubscribe from "./messages/ru/subscribe.json";
import ruValidation from "./messages/ru/validation.json";

// Each language's messages, one file per area of the site (its top-level key): a translator finds
// the whole catalogue here, the client gets the areas its components use. A key missing from a
// language is a failed test (catalogue.test.ts), and a key the code uses that English lacks is a
// type error (AppConfig below).

const en = { common: enCommon, lookup: enLookup, subscribe: enSubscribe, mail: enMail, notices: enNotices, search: enSearch, public: enPublic, record: enRecord, exports: enExports, recordLanguages: enRecordLanguages, editor: enEditor, auth: enAuth, problems: enProblems, validation: enValidation };
export type Messages = typeof en;

export const CATALOGUES: Record<Locale, Messages> = {
  en,
  ru: { common: ruCommon, lookup: ruLookup, subscribe: ruSubscribe, mail: ruMail, notices: ruNotices, search: ruSearch, public: ruPublic, record: ruRecord, exports: ruExports, recordLanguages: ruRecordLanguages, editor: ruEditor, auth: ruAuth, problems: ruProblems, validation: ruValidation },
};

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

/** The areas client components translate with: only these travel to the browser with every page. */
const CLIENT_AREAS = ["common"] as const satisfies ReadonlyArray<keyof Messages>;

// fromEntries forgets which area is which; the map over CLIENT_AREAS makes the type true.
export const clientMessages = (locale: Locale): Pick<Messages, (typeof CLIENT_AREAS)[number]> =>
  Object.fromEntries(CLIENT_AREAS.map((area) => [area, CATALOGUES[locale][area]])) as Pick<Messages, (typeof CLIENT_AREAS)[number]>;

/** Every page's client areas and these: a page's own provider sends them only where its client components need them. */
export function clientMessagesWith<A extends keyof Messages>(locale: Locale, areas: readonly A[]): Pick<Messages, (typeof CLIENT_AREAS)[number] | A> {
  const wanted: ReadonlyArray<keyof Messages> = [...CLIENT_AREAS, ...areas];
  // As above: the areas listed make the type true.
  return Object.fromEntries(wanted.map((area) => [area, CATALOGUES[locale][area]])) as Pick<Messages, (typeof CLIENT_AREAS)[number] | A>;
}

/** A catalogue, or any part of one, as its messages by dotted key ("lookup.errors.requestId" → its text): what the checks of the catalogues read. */
export function flatMessages(tree: unknown, at = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree !== "object" || tree === null) return out;
  for (const [key, value] of Object.entries(tree)) {
    const path = at ? `${at}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatMessages(value, path)) out.set(k, v);
  }
  return out;
}
