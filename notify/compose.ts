import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Claimed } from "@/db/outbox/claim";
import { notice } from "@/db/schema";
import type { Store } from "@/db/store/store";
import { subscriberById } from "@/db/subscribers";
import { DEFAULT_LOCALE, type Locale, isLocale, localized } from "@/i18n/locales";
import { currentKey } from "@/lookup/proof/keys";
import { keyedLinkToken } from "@/lookup/proof/tokens";
import { type Email, confirmEmail, newsEmail, noticeEmail } from "./email/render";
import { openSecret } from "./secrets";
import { CONFIRM_HOURS, confirmToken, endToken } from "./tokens";

export type ComposeContext = { store: Store; origin: string; secret: string; now: Date };
/** A message ready for its channel, or why it can no longer be sent (its subscription ended meanwhile). */
export type Composed = { email: Email } | { webhook: { secret: string; body: string } } | { cannot: string };

/** The idempotency key's two faces: the email's Message-ID and the webhook-id, the same on every try. */
export const stableId = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 32);

/** An address of this site in a language: every link a message carries opens the page in its reader's language. */
const siteUrl = (origin: string, locale: Locale, path: string) => `${origin}${localized(locale, path)}`;
const incidentPath = (slug: string) => `/incidents/${encodeURIComponent(slug)}`;

/** A Standard Webhooks body: the event's type, when, and its data. */
const hookBody = (type: string, at: Date, data: object) => JSON.stringify({ type, timestamp: at.toISOString(), data });

async function forSubscriber(ctx: ComposeContext, m: Claimed): Promise<Composed> {
  const s = m.subscriberId === null ? null : await subscriberById(ctx.store.q, m.subscriberId);
  if (!s || s.address === null) return { cannot: "the subscription ended before it was sent" };
  const p = m.payload;
  // The language of the page the subscriber signed up on.
  const locale = isLocale(s.locale) ? s.locale : DEFAULT_LOCALE;
  if (p.type === "subscription.confirm") {
    const confirmUrl = siteUrl(ctx.origin, locale, `/subscriptions/confirm?token=${confirmToken(ctx.secret, s.id, p.nonce, ctx.now)}`);
    if (m.channel === "email") return { email: confirmEmail(p, confirmUrl, CONFIRM_HOURS, locale) };
    if (!s.pendingSecret) return { cannot: "the subscription has no secret waiting for its confirmation" };
    return { webhook: { secret: openSecret(ctx.secret, s.pendingSecret), body: hookBody(p.type, ctx.now, { incident: p.incident, confirm_url: confirmUrl, expires_in_hours: CONFIRM_HOURS }) } };
  }
  if ("noticeId" in p) return { cannot: "a notice is not a subscriber's message" };
  const pageUrl = siteUrl(ctx.origin, locale, incidentPath(p.incident.slug));
  const unsubscribeUrl = siteUrl(ctx.origin, locale, `/subscriptions/unsubscribe?token=${endToken(ctx.secret, s.id)}`);
  if (m.channel === "email") return { email: newsEmail(p, pageUrl, unsubscribeUrl, locale) };
  if (!s.secret) return { cannot: "the webhook has no confirmed secret" };
  const { to: _to, ...data } = p;
  return { webhook: { secret: openSecret(ctx.secret, s.secret), body: hookBody(p.type, new Date(p.at), { ...data, incident: { ...p.incident, url: pageUrl }, unsubscribe_url: unsubscribeUrl }) } };
}

async function forNotice(ctx: ComposeContext, m: Claimed): Promise<Composed> {
  const p = m.payload;
  if (!("noticeId" in p)) return { cannot: "not a notice" };
  const row = await ctx.store.q.select().from(notice).where(eq(notice.id, p.noticeId)).get();
  if (!row) return { cannot: "its notice is gone (the list it named was removed)" };
  const key = await currentKey(ctx.store, ctx.secret, { kind: "system", name: "outbox" });
  const token = keyedLinkToken(key, { incidentId: row.incidentId, tenantKey: row.accountKey, ending: row.accountEnding, expiresAt: p.expiresAt });
  return { email: noticeEmail(p, siteUrl(ctx.origin, p.locale, `${incidentPath(p.incident.slug)}/lookup/link?token=${token}`)) };
}

/** What a claimed message says, rendered now from the facts it was queued with. */
export const compose = (ctx: ComposeContext, m: Claimed): Promise<Composed> => (m.purpose === "notice" || m.purpose === "link" ? forNotice(ctx, m) : forSubscriber(ctx, m));
