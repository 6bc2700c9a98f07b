import type { DeadLetter, OutboxTally } from "@/db/outbox/progress";
import type { OutboxPurpose } from "@/db/schema/outbox";
import { minuteUtc } from "@/lib/instant";

/** Each purpose in the editor's words; the page lists them in this order. */
export const PURPOSE_LABEL: Record<OutboxPurpose, string> = {
  notice: "Notices to affected tenants",
  link: "Links sent again on request",
  news: "Subscribers' news",
  confirm: "Sign-up confirmations",
};
const ORDER: readonly OutboxPurpose[] = ["notice", "link", "news", "confirm"];

export type ProgressRow = { purpose: OutboxPurpose; label: string; waiting: number; sent: number; failed: number };

/** One row per purpose, every purpose shown, zeros included: the counts of an incident's messages by state. */
export function progressRows(tally: OutboxTally): ProgressRow[] {
  const of = (purpose: OutboxPurpose, state: "pending" | "sent" | "dead") => tally.find((t) => t.purpose === purpose && t.state === state)?.count ?? 0;
  return ORDER.map((purpose) => ({ purpose, label: PURPOSE_LABEL[purpose], waiting: of(purpose, "pending"), sent: of(purpose, "sent"), failed: of(purpose, "dead") }));
}

export type DeadLine = { id: number; to: string; purpose: string; tries: string; reply: string; queued: string };

/** A message given up, as the editor lists it: the masked recipient, never the address. */
export const deadLines = (letters: DeadLetter[]): DeadLine[] =>
  letters.map((d) => ({
    id: d.id,
    to: d.to ?? "•••",
    purpose: PURPOSE_LABEL[d.purpose],
    tries: `${d.attempts} ${d.attempts === 1 ? "try" : "tries"}`,
    reply: d.lastError ?? "no reply recorded",
    queued: minuteUtc(d.createdAt),
  }));
