import { getRequestConfig } from "next-intl/server";
import { CATALOGUES } from "./catalogue";
import { DEFAULT_LOCALE, isLocale } from "./locales";

// The language of a request, as the edge found it in the address (LOCALE_HEADER); the page and
// the server actions it posts to render in it. Time zones are each reader's own, as before.
export default getRequestConfig(async ({ requestLocale }) => {
  const asked = await requestLocale;
  const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
  return { locale, messages: CATALOGUES[locale], timeZone: "UTC" };
});
