import { formatPreciseTime } from "./precise-time";

/**
 * An instant as the site writes one to the minute, always in UTC: "2026-12-02 06:32 UTC" (from
 * "2026-12-02T06:32…Z"); in another language through Intl, "2 декабря 2026 г., 06:32 UTC".
 */
export const minuteUtc = (iso: string, locale = "en") =>
  locale === "en" ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : formatPreciseTime({ at: `${iso.slice(0, 16)}Z`, precision: "minute" }, { locale });
