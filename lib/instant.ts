/** An instant as the site writes one to the minute, always in UTC: "2026-12-02 06:32 UTC" (from "2026-12-02T06:32…Z"). */
export const minuteUtc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
