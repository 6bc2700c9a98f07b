import type { Locale } from "./locales";
import enAuth from "./messages/en/auth.json";
import enCommon from "./messages/en/common.json";
import enEditor from "./messages/en/editor.json";
import enProblems from "./messages/en/problems.json";
import enValidation from "./messages/en/validation.json";
import ruAuth from "./messages/ru/auth.json";
import ruCommon from "./messages/ru/common.json";
import ruEditor from "./messages/ru/editor.json";
import ruProblems from "./messages/ru/problems.json";
import ruValidation from "./messages/ru/validation.json";

// Each language's messages, one file per area of the site (its top-level key): a translator finds
// the whole catalogue here, the client gets the areas its components use. A key missing from a
// language is a failed test (catalogue.test.ts), and a key the code uses that English lacks is a
// type error (AppConfig below).

const en = { common: enCommon, editor: enEditor, auth: enAuth, problems: enProblems, validation: enValidation };
export type Messages = typeof en;

export const CATALOGUES: Record<Locale, Messages> = {
  en,
  ru: { common: ruCommon, editor: ruEditor, auth: ruAuth, problems: ruProblems, validation: ruValidation },
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
