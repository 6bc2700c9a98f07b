import "server-only";
import { type Env, readEnv } from "@/config/env";
import { eq } from "drizzle-orm";
import { bucketsOf } from "@/db/buckets";
import { noticesTo } from "@/db/notices";
import { enqueue } from "@/db/outbox/queue";
import { RateLimiter } from "@/db/rate-limit";
import { incident as incidentTable } from "@/db/schema";
import type { Store } from "@/db/store/store";
import { writeTransaction } from "@/db/transaction";
import { maskRecipient } from "@/domain/notify";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { clientAddress } from "@/lib/client-address";
import { lookupIncident } from "@/lookup/rows";
import { addressHash, domainOf, emailAddress } from "./addresses";
import { afterAnswer } from "./later";
import { NOTICE_DAYS } from "./notices";

/** The answer to "send me my link": the same for every address the form takes, known or not. */
export type LinkAnswer = { kind: "asked" } | { kind: "invalid"; message: string } | { kind: "limited"; retryAfterSeconds: number } | { kind: "not-found" };

const HOUR = 3_600_000;

type Limits = { client: RateLimiter; address: RateLimiter; env: Env };
const limits = new WeakMap<Store, Limits>();
function limitsOf(store: Store, env: Env): Limits {
  let l = limits.get(store);
  if (!l) {
    // Buckets of their own, at the sign-up's limits: asking for a link spends no sign-up.
    l = { env, client: new RateLimiter(bucketsOf(store), "link-client", env.SUBSCRIBE_CLIENT_LIMIT_PER_HOUR, HOUR), address: new RateLimiter(bucketsOf(store), "link-address", env.SUBSCRIBE_ADDRESS_LIMIT_PER_HOUR, HOUR) };
    limits.set(store, l);
  }
  return l;
}

/** `locale`: the page's language, which the link's message is written in and its link opens. */
type Ask = { slug: string; address: string; headers: Pick<Headers, "get">; secret: string; locale?: Locale; now?: Date; env?: Env };

/**
 * A tenant's "send me my link": throttled per client and per address (its keyed hash), answered the
 * same whether the address is an affected account's contact, another's or no one's; the work that
 * differs (finding its notices, queueing the links) runs after the answer, so its time tells nothing.
 */
export async function requestLink(store: Store, { slug, address, headers, secret, locale = DEFAULT_LOCALE, now = new Date(), env = readEnv() }: Ask): Promise<LinkAnswer> {
  const l = limitsOf(store, env);
  const byClient = await l.client.take(clientAddress(headers, env.TRUST_PROXY === "1"), now.getTime());
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const incident = await lookupIncident(store.q, slug);
  if (!incident || incident.list !== "published") return { kind: "not-found" };
  const email = emailAddress.safeParse(address);
  if (!email.success) return { kind: "invalid", message: email.error.issues[0]?.message ?? "not an email address" };
  const emailHash = addressHash(secret, "email", email.data);
  const byAddress = await l.address.take(emailHash, now.getTime());
  if (!byAddress.allowed) return { kind: "limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const ask = { incident: { id: incident.id, slug, listId: incident.listId }, email: email.data, emailHash, locale, now };
  afterAnswer("send_link_failed", {}, () => sendLinks(store, ask));
  return { kind: "asked" };
}

type LinkAsk = { incident: { id: number; slug: string; listId: number }; email: string; emailHash: string; locale?: Locale; now: Date };

/**
 * The links of every account of the list this address is the noticed contact of, each a new message
 * keyed by its notice and the hour, so asks within one hour send one; the link's expiry is fixed now.
 */
export function sendLinks(store: Store, { incident, email, emailHash, locale = DEFAULT_LOCALE, now }: LinkAsk): Promise<number> {
  const hour = Math.floor(now.getTime() / HOUR);
  const expiresAt = Math.floor(now.getTime() / 1000) + NOTICE_DAYS * 86_400;
  return writeTransaction(store, async (tx) => {
    const title = (await tx.select({ title: incidentTable.title }).from(incidentTable).where(eq(incidentTable.id, incident.id)).get())?.title ?? incident.slug;
    let queued = 0;
    for (const n of await noticesTo(tx, { incidentId: incident.id, listId: incident.listId, emailHash })) {
      const payload = { type: "notice.link" as const, noticeId: n.id, incident: { slug: incident.slug, title }, accountEnding: n.ending, expiresAt, locale, to: maskRecipient(email) };
      const fresh = await enqueue(tx, { key: `link:${n.id}:${hour}`, channel: "email", purpose: "link", incidentId: incident.id, noticeId: n.id, recipient: email, recipientHash: emailHash, domain: domainOf("email", email), payload, dueAt: now.getTime() });
      queued += fresh ? 1 : 0;
    }
    return queued;
  });
}
