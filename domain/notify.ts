import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES } from "@/i18n/locales";
import { INCIDENT_STATUSES, UPDATE_STATUSES } from "./record/constants";

// What the outbox carries for each message: the facts of what happened, written in the transaction
// of the change, rendered into an email or a webhook's body when it is sent (notify/). No account id,
// no link and no secret is ever in it; an address only as `to`, its masked form for the editor.

const incidentRef = z.strictObject({ slug: z.string(), title: z.string() });
const to = z.string().max(200);

/** News a subscriber asked for: a posted update, a change of status, the incident published. */
export const NEWS_TYPES = ["incident.updated", "incident.status_changed", "incident.published"] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

export const newsPayload = z.strictObject({
  type: z.enum(NEWS_TYPES),
  /** When the change was made (RFC 3339). */
  at: z.iso.datetime(),
  incident: incidentRef.extend({ status: z.enum(INCIDENT_STATUSES) }),
  update: z.strictObject({ at: z.string(), status: z.enum(UPDATE_STATUSES), body: z.string() }).nullable(),
  change: z.strictObject({ from: z.enum(INCIDENT_STATUSES), to: z.enum(INCIDENT_STATUSES) }).nullable(),
  to,
});
export type NewsPayload = z.infer<typeof newsPayload>;

/** A subscription's confirmation: the subscriber and the nonce its link must carry; null incident: all of them. */
export const confirmPayload = z.strictObject({ type: z.literal("subscription.confirm"), subscriberId: z.number().int(), nonce: z.number().int(), incident: incidentRef.nullable(), to });

/** A notice to an affected account's contact (`notice`), or its link sent again at the owner's ask (`link`). */
export const noticePayload = z.strictObject({
  type: z.enum(["notice.affected", "notice.link"]),
  noticeId: z.number().int(),
  incident: incidentRef,
  accountEnding: z.string(),
  /** When the link the message carries expires (seconds); fixed when queued, so every try sends the same link. */
  expiresAt: z.number().int(),
  /** The language the message is written in and its link opens the lookup in; notices queued before languages were English. */
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
  to,
});
export type NoticePayload = z.infer<typeof noticePayload>;

export const outboxPayload = z.union([newsPayload, confirmPayload, noticePayload]);
export type OutboxPayload = z.infer<typeof outboxPayload>;

/** "ada@example.com" → "a•••@example.com"; a URL → its origin: what the editor shows of a recipient. */
export function maskRecipient(address: string): string {
  const at = address.lastIndexOf("@");
  if (at > 0 && !address.includes("://")) return `${address[0]}•••${address.slice(at)}`;
  try {
    return new URL(address).origin;
  } catch {
    return "•••";
  }
}
