import "server-only";
import type { Env } from "@/config/env";
import { claimsOf } from "@/db/claims";
import type { Store } from "@/db/store/store";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { smtpSender } from "./email/transport";
import { pacer } from "./pacing";
import { webhookSender } from "./webhook/deliver";
import type { Outbox, SentEvent } from "./worker";

/** What stops anything of the outbox from going out now, said in `say` (the editor's page's language; English for the commands). */
export function notSending(env: Env, say: Locale = DEFAULT_LOCALE): string[] {
  const t = translator(say);
  return [
    ...(env.PUBLIC_ORIGIN ? [] : [t("notices.waiting.origin")]),
    ...(!env.SMTP_URL || !env.MAIL_FROM ? [t("notices.waiting.smtp")] : []),
    ...(env.OUTBOX_RATE_PER_SECOND <= 0 || env.OUTBOX_DOMAIN_RATE_PER_SECOND <= 0 ? [t("notices.waiting.paused")] : []),
  ];
}

/** The outbox as the environment configures it, and what stops any of it from going out (the editor says it). */
export function outboxOf(store: Store, env: Env, secret: string, onEvent?: (e: SentEvent) => void): { outbox: Outbox; waiting: string[] } {
  const smtp = smtpSender(env);
  const waiting = notSending(env);
  const outbox: Outbox = {
    store,
    claims: claimsOf(store),
    secret,
    origin: env.PUBLIC_ORIGIN ?? null,
    mail: "send" in smtp && env.MAIL_FROM ? { send: smtp.send, from: env.MAIL_FROM } : null,
    hooks: webhookSender({ allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "1", timeoutMs: env.WEBHOOK_TIMEOUT_MS }),
    pace: pacer(store, { all: env.OUTBOX_RATE_PER_SECOND, perDomain: env.OUTBOX_DOMAIN_RATE_PER_SECOND }),
    leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
    ...(onEvent ? { onEvent } : {}),
  };
  return { outbox, waiting };
}
