import "server-only";
import { and, eq } from "drizzle-orm";
import { enqueue } from "@/db/outbox/queue";
import { incident } from "@/db/schema";
import type { Store, Tx } from "@/db/store/store";
import { type SubscriberRow, signUp } from "@/db/subscribers";
import { maskRecipient } from "@/domain/notify";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { WEBHOOK_REFUSALS, addressHash, domainOf, emailAddress, webhookUrl } from "./addresses";
import { newWebhookSecret, sealSecret } from "./secrets";

/** `locale`: the language of the page signed up on, which every message to the subscriber is written in. */
export type SubscribeAsk = { channel: "email" | "webhook"; address: string; incident: string | null; locale?: Locale };
export type Scope = { id: number; slug: string; title: string } | null;
/** What a sign-up is checked into: its address as kept, its scope, and for a webhook its new secret. */
export type SignUpPlan = { channel: "email" | "webhook"; address: string; scope: Scope; secret: string | null; locale: Locale };
export type Refusal = { field: "address" | "incident"; message: string };

/** The published incident a sign-up names, or all of them. */
export async function scopeOf(tx: Tx, slug: string | null): Promise<Scope | undefined> {
  if (slug === null) return null;
  const row = await tx.select({ id: incident.id, slug: incident.slug, title: incident.title }).from(incident).where(and(eq(incident.slug, slug), eq(incident.published, true))).get();
  return row ?? undefined;
}

const WEBHOOK_KEYS = Object.fromEntries(Object.entries(WEBHOOK_REFUSALS).map(([key, message]) => [message, key])) as Record<string, keyof typeof WEBHOOK_REFUSALS>;

/** Why an address is refused, in the page's language: English as its check says it, another language by what the check found. */
function refusedAddress(locale: Locale, channel: "email" | "webhook", message = "not an address this form takes"): string {
  if (locale === "en") return message;
  const t = translator(locale);
  const key = WEBHOOK_KEYS[message];
  return channel === "email" ? t("subscribe.invalid.email") : key ? t(`subscribe.invalid.webhook.${key}`) : t("subscribe.invalid.webhook.other");
}

/**
 * A sign-up checked, before anything is written: the address in its channel's form, the incident
 * published. What is refused here is refused for every address alike, so it says nothing of who
 * subscribed; a webhook's secret is made now, to be shown once whatever happens next.
 */
export async function planSignUp(tx: Tx, ask: SubscribeAsk, allowPrivate: boolean): Promise<SignUpPlan | Refusal> {
  const locale = ask.locale ?? DEFAULT_LOCALE;
  const parsed = ask.channel === "email" ? emailAddress.safeParse(ask.address) : webhookUrl(allowPrivate).safeParse(ask.address);
  if (!parsed.success) return { field: "address", message: refusedAddress(locale, ask.channel, parsed.error.issues[0]?.message) };
  const scope = await scopeOf(tx, ask.incident);
  if (scope === undefined) return { field: "incident", message: translator(locale)("subscribe.invalid.incident", { slug: ask.incident ?? "" }) };
  return { channel: ask.channel, address: parsed.data, scope, secret: ask.channel === "webhook" ? newWebhookSecret() : null, locale };
}

/**
 * Carries a plan out: the subscription waits for its confirmation, sent to the address itself (an
 * email, or an event to the webhook's endpoint). An email already confirmed gets nothing; a webhook
 * already confirmed keeps its secret until the new one's confirmation is used.
 */
export function carryOut(store: Store, plan: SignUpPlan, lookupSecret: string, now: Date): Promise<SubscriberRow> {
  const { channel, address, scope } = plan;
  const row = {
    channel,
    incidentId: scope?.id ?? null,
    address,
    addressHash: addressHash(lookupSecret, channel, address),
    domain: domainOf(channel, address),
    pendingSecret: plan.secret === null ? null : sealSecret(lookupSecret, plan.secret),
    locale: plan.locale,
  };
  return signUp(store, row, async (tx, s, confirmable) => {
    if (!confirmable) return;
    await enqueue(tx, {
      key: `confirm:${s.id}:${s.nonce}`,
      channel,
      purpose: "confirm",
      incidentId: s.incidentId,
      subscriberId: s.id,
      recipient: address,
      recipientHash: row.addressHash,
      domain: row.domain,
      payload: { type: "subscription.confirm", subscriberId: s.id, nonce: s.nonce, incident: scope && { slug: scope.slug, title: scope.title }, to: maskRecipient(address) },
      dueAt: now.getTime(),
    });
  });
}
