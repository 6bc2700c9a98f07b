import type { DeadLetter, OutboxTally } from "@/db/outbox/progress";
import type { OutboxPurpose } from "@/db/schema/outbox";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { minuteUtc } from "@/lib/instant";

/** Each purpose in the editor's words, in the page's language; the page lists them in this order. */
const purposeLabel = (locale: Locale, purpose: OutboxPurpose) => translator(locale)(`notices.purpose.${purpose}`);
const ORDER: readonly OutboxPurpose[] = ["notice", "link", "news", "confirm"];

export type ProgressRow = { purpose: OutboxPurpose; label: string; waiting: number; sent: number; failed: number };

/** One row per purpose, every purpose shown, zeros included: the counts of an incident's messages by state. */
export function progressRows(tally: OutboxTally, locale: Locale = DEFAULT_LOCALE): ProgressRow[] {
  const of = (purpose: OutboxPurpose, state: "pending" | "sent" | "dead") => tally.find((t) => t.purpose === purpose && t.state === state)?.count ?? 0;
  return ORDER.map((purpose) => ({ purpose, label: purposeLabel(locale, purpose), waiting: of(purpose, "pending"), sent: of(purpose, "sent"), failed: of(purpose, "dead") }));
}

export type DeadLine = { id: number; to: string; purpose: string; tries: string; reply: string; queued: string };

/** A message given up, as the editor lists it: the masked recipient, never the address. The server's reply stays as it said it. */
export function deadLines(letters: DeadLetter[], locale: Locale = DEFAULT_LOCALE): DeadLine[] {
  const t = translator(locale);
  return letters.map((d) => ({
    id: d.id,
    to: d.to ?? "•••",
    purpose: purposeLabel(locale, d.purpose),
    tries: t("notices.dead.tries", { count: d.attempts }),
    reply: d.lastError ?? t("notices.dead.noReply"),
    queued: minuteUtc(d.createdAt),
  }));
}
