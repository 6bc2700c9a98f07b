import { createTranslator } from "next-intl";
import { CATALOGUES } from "./catalogue";
import type { Locale } from "./locales";

/** A translator for code that renders outside React's tree: problems, emails, exports, view models. */
export const translator = (locale: Locale) => createTranslator({ locale, messages: CATALOGUES[locale] });
export type Translator = ReturnType<typeof translator>;
