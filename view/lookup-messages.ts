import type { Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";

// What the lookup says when it cannot check an account, as the page and the API both say it, in the
// reader's language. Never "not affected" for want of a list or a proof.

export type LinkRefusal = "invalid" | "expired" | "other-incident";

/** Why a lookup link proved nothing, as the API's problem and the page's notice both say it. */
export const linkRefused = (locale: Locale, reason: LinkRefusal): string => translator(locale)(`lookup.linkRefused.${reason}`);

/** Why no account can be checked: said so, never "not affected" for want of a list. */
export const noList = (locale: Locale, list: "none" | "counts-only"): string => translator(locale)(`lookup.noList.${list}`);
