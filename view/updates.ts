import type { Update } from "@/domain/record/collections/updates";
import type { UpdateStatus } from "@/domain/record/constants";
import { keepNotes } from "@/domain/record/translation-overlay";
import type { Locale } from "@/i18n/locales";
import { toDateTimeAttr } from "@/lib/precise-time";
import { wording } from "./words";

/** How each status reads to a person in English (emails); the pages say it in their language (updatesView). */
export const UPDATE_STATUS_LABEL: Record<UpdateStatus, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
  postmortem: "Postmortem",
};

export type UpdateView = { at: string; dateTime: string; when: string; status: UpdateStatus; label: string; body: string; cites: number[] };

/** The posted updates, newest first, as every surface shows them; the same minute keeps the order they were posted in, newest first. */
export function updatesView(updates: readonly Update[], locale: Locale): UpdateView[] {
  const w = wording(locale);
  return updates
    .map((u, i) => ({ u, i }))
    .sort((a, b) => b.u.at.localeCompare(a.u.at) || b.i - a.i)
    .map(({ u }) => {
      const time = { at: u.at, precision: "minute" as const };
      return { ...keepNotes(u), at: u.at, dateTime: toDateTimeAttr(time) ?? u.at, when: w.date(time), status: u.status, label: w.t("record.update.status", { status: u.status }), body: u.body, cites: u.cites };
    });
}
