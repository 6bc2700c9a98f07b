import "server-only";
import { randomBytes } from "node:crypto";
import type { Claimed, Claims } from "@/db/outbox/claim";
import type { Store } from "@/db/store/store";
import { endSubscriber } from "@/db/subscribers";
import { compose, stableId } from "./compose";
import type { MailSender } from "./email/transport";
import { fromDomain } from "./email/transport";
import type { Pace } from "./pacing";
import { type Outcome, retryWait } from "./schedule";
import type { HookSender } from "./webhook/deliver";

/** What happened to one message, as the terminal and the editor show it: its recipient only masked. */
export type SentEvent = { kind: "sent" | "retrying" | "dead" | "held"; id: number; key: string; purpose: Claimed["purpose"]; incidentId: number | null; to: string; attempts: number; error?: string };

export type Outbox = {
  store: Store;
  /** The engine's claim and settlements of messages (db/outbox/claim.ts, db/pg/claims.ts). */
  claims: Claims;
  secret: string;
  /** Where links point; null: nothing can be sent, since every message carries one. */
  origin: string | null;
  mail: { send: MailSender; from: string } | null;
  hooks: HookSender;
  pace: Pace;
  clock?: () => number;
  random?: () => number;
  /** How long a claim holds a message: longer than any one send may take. */
  leaseMs?: number;
  batch?: number;
  /** Told of each message settled, before the next is taken in hand. */
  onEvent?: (event: SentEvent) => void | Promise<void>;
};

async function tryOnce(o: Outbox, m: Claimed, now: Date): Promise<Outcome> {
  if (!o.origin) return { kind: "retry", error: "PUBLIC_ORIGIN is not set" };
  const made = await compose({ store: o.store, origin: o.origin, secret: o.secret, now }, m);
  if ("cannot" in made) return { kind: "dead", error: made.cannot };
  const id = stableId(m.key);
  if ("email" in made) {
    if (!o.mail || m.recipient === null) return { kind: "retry", error: "no SMTP server is configured" };
    return o.mail.send({ ...made.email, to: m.recipient, messageId: `<${id}@${fromDomain(o.mail.from)}>` });
  }
  if (m.recipient === null) return { kind: "dead", error: "no endpoint" };
  // Signed at the wall clock's time, whatever the schedule's clock: receivers judge replays by it.
  return o.hooks({ url: m.recipient, id: `msg_${id}`, secret: made.webhook.secret, body: made.webhook.body }, new Date());
}

/** One message: paced, sent, and settled as its outcome says; a lease lost meanwhile settles nothing. */
async function handle(o: Outbox, m: Claimed, lease: string): Promise<void> {
  const clock = o.clock ?? Date.now;
  const event = async (kind: SentEvent["kind"], error?: string) => o.onEvent?.({ kind, id: m.id, key: m.key, purpose: m.purpose, incidentId: m.incidentId, to: m.payload.to, attempts: m.attempts, ...(error ? { error } : {}) });
  const pace = await o.pace(m.domain, clock());
  if (!pace.go) {
    await o.claims.defer({ id: m.id, lease, dueAt: clock() + pace.waitMs });
    return event("held");
  }
  const outcome = await tryOnce(o, m, new Date(clock()));
  if (outcome.kind === "sent") {
    if (await o.claims.sent({ id: m.id, lease, at: new Date(clock()) })) await event("sent");
    return;
  }
  // Servers quote the recipient in their replies ("550 5.1.1 <ada@…>: no such user"): it is kept masked, as the address is not kept.
  const said = m.recipient === null ? outcome.error : outcome.error.split(m.recipient).join(m.payload.to);
  const wait = outcome.kind === "retry" ? retryWait(m.attempts, (o.random ?? Math.random)()) : null;
  if (wait !== null && outcome.kind === "retry") {
    if (await o.claims.retry({ id: m.id, lease, dueAt: clock() + wait, error: said })) await event("retrying", said);
    return;
  }
  const error = outcome.kind === "retry" ? `gave up after ${m.attempts} tries: ${said}` : said;
  if (await o.claims.dead({ id: m.id, lease, error })) await event("dead", error);
  if (outcome.kind === "gone" && m.subscriberId !== null) await endSubscriber(o.store, m.subscriberId, "disabled");
}

/** The channels that can go out now: nothing without links, no mail without an SMTP server. */
const channelsOf = (o: Outbox) => (o.origin === null ? [] : o.mail ? (["email", "webhook"] as const) : (["webhook"] as const));

/** One pass: claims what is due on each channel that can go out and sends it, a few at a time. How many were claimed. */
export async function sendDue(o: Outbox): Promise<number> {
  const clock = o.clock ?? Date.now;
  let claimed = 0;
  for (const channel of channelsOf(o)) {
    const lease = randomBytes(12).toString("base64url");
    const due = await o.claims.claimDue({ channel, now: clock(), lease, leaseMs: o.leaseMs ?? 120_000, limit: o.batch ?? 20 });
    claimed += due.length;
    const queue = [...due];
    const worker = async () => {
      for (let m = queue.shift(); m; m = queue.shift()) await handle(o, m, lease);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }
  return claimed;
}

/** Runs passes until stopped: at once while there is work, else every `intervalMs`; a pass's failure is logged and the next goes on. */
export function startOutbox(o: Outbox, intervalMs = 1000): { stop: () => Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await sendDue(o);
      } catch (error) {
        console.error(JSON.stringify({ event: "outbox_error", message: error instanceof Error ? error.message : String(error) }));
      }
      if (claimed === 0 && !stopped) await new Promise((r) => setTimeout(r, intervalMs).unref());
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}
