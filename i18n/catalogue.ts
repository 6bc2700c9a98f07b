import type { Locale } from "./locales";
import enCommon from "./messages/en/common.json";
import ruCommon from "./messages/ru/common.json";
import enRecordLanguages from "./messages/en/record-languages.json";
import ruRecordLanguages from "./messages/ru/record-languages.json";

// Each language's messages, one file per area of the site (its top-level key): a translator finds
// the whole catalogue here, the client gets the areas its components use. A key missing from a
// language is a failed test (catalogue.test.ts), and a key the code uses that English lacks is a
// type error (AppConfig below).

const en = { common: enCommon, recordLanguages: enRecordLanguages };
export type Messages = typeof en;

export const CATALOGUES: Record<Locale, Messages> = {
  en,
  ru: { common: ruCommon, recordLanguages: ruRecordLanguages },
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
