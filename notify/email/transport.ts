import "server-only";
import { DEFAULT_LOCALE } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import fs from "node:fs";
import nodemailer from "nodemailer";
import type { Env } from "@/config/env";
import type { Outcome } from "../schedule";
import type { Email } from "./render";

export type Mail = Email & { to: string; messageId: string };
export type MailSender = (mail: Mail) => Promise<Outcome>;

/** The domain of MAIL_FROM ("Status <status@example.com>" → example.com): the Message-ID's and DKIM's. */
export const fromDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";

// An SMTP reply's code says whether to try again (RFC 5321 §4.2.1): 4yz is transient, 5yz permanent.
// No reply at all (a refused or broken connection, a timeout) is worth another try.
function outcomeOf(error: unknown): Outcome {
  const e = error instanceof Error ? (error as Error & { responseCode?: number; response?: string; code?: string }) : null;
  const said = e?.response ?? e?.message ?? String(error);
  const code = e?.responseCode;
  if (typeof code === "number" && code >= 500) return { kind: "dead", error: said };
  return { kind: "retry", error: typeof code === "number" ? said : `${e?.code ?? "error"}: ${said}` };
}

/** The configured SMTP server as a sender, or why there is none (the editor says it). */
export function smtpSender(env: Env): { send: MailSender } | { missing: string } {
  if (!env.SMTP_URL || !env.MAIL_FROM) return { missing: translator(DEFAULT_LOCALE)("notices.waiting.smtp") };
  const from = env.MAIL_FROM;
  const key = env.DKIM_PRIVATE_KEY;
  const dkim =
    key && env.DKIM_SELECTOR
      ? { domainName: env.DKIM_DOMAIN ?? fromDomain(from), keySelector: env.DKIM_SELECTOR, privateKey: key.includes("-----BEGIN") ? key : fs.readFileSync(key, "utf8") }
      : undefined;
  const url = new URL(env.SMTP_URL);
  // Every wait well inside the lease (OUTBOX_LEASE_SECONDS): a send still stalled when its claim ends
  // would be claimed and sent again by another worker.
  const wait = Math.min(60_000, Math.floor((env.OUTBOX_LEASE_SECONDS * 1000) / 3));
  const transport = nodemailer.createTransport(
    {
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
      secure: url.protocol === "smtps:",
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      connectionTimeout: wait,
      greetingTimeout: wait,
      socketTimeout: wait,
    },
    { from, ...(dkim ? { dkim } : {}) },
  );
  return {
    send: async (mail) => {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: mail.messageId });
        return { kind: "sent" };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}
