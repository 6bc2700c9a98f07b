import "server-only";
import type { Env } from "@/config/env";
import type { Db } from "@/db/client";
import { smtpSender } from "./email/transport";
import { pacer } from "./pacing";
import { webhookSender } from "./webhook/deliver";
import type { Outbox, SentEvent } from "./worker";

/** The outbox as the environment configures it, and what stops any of it from going out (the editor says it). */
export function outboxOf(db: Db, env: Env, secret: string, onEvent?: (e: SentEvent) => void): { outbox: Outbox; waiting: string[] } {
  const smtp = smtpSender(env);
  const waiting = [
    ...(env.PUBLIC_ORIGIN ? [] : ["PUBLIC_ORIGIN is not set, so no message can carry its links: nothing is sent until it is."]),
    ...("missing" in smtp ? [smtp.missing] : []),
    ...(env.OUTBOX_RATE_PER_SECOND <= 0 || env.OUTBOX_DOMAIN_RATE_PER_SECOND <= 0 ? ["OUTBOX_RATE_PER_SECOND or OUTBOX_DOMAIN_RATE_PER_SECOND is 0: sending is paused."] : []),
  ];
  const outbox: Outbox = {
    db,
    secret,
    origin: env.PUBLIC_ORIGIN ?? null,
    mail: "send" in smtp && env.MAIL_FROM ? { send: smtp.send, from: env.MAIL_FROM } : null,
    hooks: webhookSender({ allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "1", timeoutMs: env.WEBHOOK_TIMEOUT_MS }),
    pace: pacer(db, { all: env.OUTBOX_RATE_PER_SECOND, perDomain: env.OUTBOX_DOMAIN_RATE_PER_SECOND }),
    leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
    ...(onEvent ? { onEvent } : {}),
  };
  return { outbox, waiting };
}
