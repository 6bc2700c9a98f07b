import { asc, eq } from "drizzle-orm";
import { readEnv } from "@/config/env";
import { outboxMessage } from "@/db/schema";
import { claimsOf } from "@/db/claims";
import type { Store } from "@/db/store/store";
import { confirmSubscriber } from "@/db/subscribers";
import { addItem } from "@/db/write/collections";
import { createIncident, setPublished } from "@/db/write/incident";
import { readIncident } from "@/db/read/incident";
import type { Actor } from "@/domain/access";
import { smtpSender } from "@/notify/email/transport";
import { pacer } from "@/notify/pacing";
import { type SubscribeAsk, carryOut, planSignUp } from "@/notify/subscribe";
import { openConfirm } from "@/notify/tokens";
import { webhookSender } from "@/notify/webhook/deliver";
import type { Outbox, SentEvent } from "@/notify/worker";
import { TEST_SECRET } from "./test-database";

export const ORIGIN = "https://status.example.org";
export const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

/** A published incident to subscribe to and post updates on. */
export async function openIncident(store: Store, slug: string): Promise<void> {
  await createIncident({ store, actor: editor, input: { slug, title: `Incident ${slug}`, summary: "S.", provider: "Example", service: "Queues", status: "investigating", impact: "Delays.", cause: "Unknown.", cites: [] } });
  await setPublished({ store, actor: editor, slug, input: { version: await version(store, slug) }, published: true });
}

export const version = async (store: Store, slug: string) => (await readIncident(store, slug, { drafts: true }))?.version ?? 0;

export const postUpdate = async (store: Store, slug: string, body: string, at = "2026-12-01T10:00Z") =>
  addItem({ store, actor: editor, slug, collection: "updates", input: { version: await version(store, slug), item: { at, status: "identified", body } } });

/** Signs up and, like the reader who opens the confirmation, confirms at once; the secret a webhook sign-up shows. */
export async function subscribeConfirmed(store: Store, ask: SubscribeAsk, now = new Date()): Promise<{ id: number; secret: string | null }> {
  const plan = await planSignUp(store.q, ask, true);
  if ("field" in plan) throw new Error(plan.message);
  const row = await carryOut(store, plan, TEST_SECRET, now);
  await confirmSubscriber(store, row.id, row.nonce);
  return { id: row.id, secret: plan.secret };
}

/** The confirmation link's token in a text (an email's, a webhook body's), opened. */
export function confirmIn(text: string, now = new Date()) {
  const token = /subscriptions\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? "";
  return openConfirm(TEST_SECRET, token, now);
}

export type Clock = { now: number };

/** An outbox on real transports: the test's SMTP server (with DKIM when a key is given), webhooks to loopback allowed. */
export function testOutbox(store: Store, opts: { smtpUrl?: string; dkimKey?: string; clock: Clock; timeoutMs?: number; events?: SentEvent[] }): Outbox {
  const env = readEnv({
    DATABASE_URL: "unused.db",
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl, MAIL_FROM: "Aftermath <status@example.org>" } : {}),
    ...(opts.dkimKey ? { DKIM_PRIVATE_KEY: opts.dkimKey, DKIM_SELECTOR: "test2026" } : {}),
  });
  const smtp = smtpSender(env);
  return {
    store,
    claims: claimsOf(store),
    secret: TEST_SECRET,
    origin: ORIGIN,
    mail: "send" in smtp ? { send: smtp.send, from: "Aftermath <status@example.org>" } : null,
    hooks: webhookSender({ allowPrivate: true, timeoutMs: opts.timeoutMs ?? 2_000 }),
    pace: pacer(store, { all: 1000, perDomain: 1000 }),
    clock: () => opts.clock.now,
    random: () => 0.5,
    ...(opts.events ? { onEvent: (e: SentEvent) => void opts.events?.push(e) } : {}),
  };
}

/** The outbox's messages in the order they were queued (PostgreSQL keeps no order of its own). */
export const messagesOf = async (store: Store, purpose?: string) =>
  (await store.q.select().from(outboxMessage).orderBy(asc(outboxMessage.id)).all()).filter((m) => purpose === undefined || m.purpose === purpose);
export const messageById = (store: Store, id: number) => store.q.select().from(outboxMessage).where(eq(outboxMessage.id, id)).get();
