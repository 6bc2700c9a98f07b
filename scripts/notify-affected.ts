import fs from "node:fs";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { lookupSecret } from "@/config/secret";
import { noticesWaiting } from "@/db/outbox/progress";
import { DomainError } from "@/domain/errors";
import { DEFAULT_LOCALE, LOCALES } from "@/i18n/locales";
import { namedLines } from "@/notify/contacts";
import { type NoticeSending, type NoticeTry, sendNotices } from "@/notify/notice-run";
import { NOTICE_DAYS, type NoticeReport, queueNotices } from "@/notify/notices";
import { outboxOf } from "@/notify/outbox";
import { UsageError, openExistingStore, runCommand } from "./command";
import { operator } from "./operator";

// Exit codes: 0 queued, and sent what could go (failures and retries are listed, and on the editor's
// notices page); 1 no such incident, or an unexpected failure; 2 the command, the file or the
// incident cannot take notices (a draft, no list, sample data): then nothing is queued.
const USAGE = `usage: npm run notify:affected -- --incident <slug> --contacts <file> [--days ${NOTICE_DAYS}] [--locale en|ru] [--wait]

Queues a notice to the contact of each account of the incident's live affected list that <file>
names, saying that the account is affected, with the account's own lookup link (valid --days days,
default ${NOTICE_DAYS}), then sends them. <file> is CSV with the header account_id,email: on each line an
account id in the incident's own form and an email address. One bad line and nothing is queued.
--locale is the notices' language (${LOCALES.join(" or ")}, default ${DEFAULT_LOCALE}): their words, and the lookup page
their links open.

An account is noticed once per list, however often this runs: accounts noticed before are counted,
not sent again. An account the list does not hold gets nothing. When the file names an account
twice, its first contact counts and the later ones are skipped (their lines are named).

It prints each notice sent, tried again (the server's reply and when) or failed (the server's
reply). Once only notices waiting to be tried again are left, it says when and stops: the server's
worker (or npm run outbox) sends them; with --wait it waits for them itself. Stopped or killed,
run it again: nothing is queued twice, and what was queued is sent. Without SMTP_URL, MAIL_FROM or
PUBLIC_ORIGIN it says so and leaves the notices queued. Pacing: OUTBOX_RATE_PER_SECOND and
OUTBOX_DOMAIN_RATE_PER_SECOND.`;

const notices = (n: number) => `${n} ${n === 1 ? "notice" : "notices"}`;

function readContacts(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** A refusal of the file or the incident, as the command says it: each bad line with why. */
function refusal(file: string, error: DomainError): UsageError {
  const lines = error.details.errors?.filter((e) => e.field.startsWith("line ")) ?? [];
  if (error.code === "invalid" && lines.length) return new UsageError(`${file} has lines it cannot take (${lines.slice(0, 20).map((e) => `${e.field}: ${e.message}`).join("; ")}${lines.length > 20 ? "; …" : ""})`);
  return new UsageError(error.message.replace(/\.$/, ""));
}

function printReport(r: NoticeReport): void {
  const skipped = r.skipped.count ? ` (an account named again: ${namedLines(r.skipped.lines, r.skipped.count)})` : "";
  console.log(`notices for ${r.incident}: ${r.contacts} contacts read`);
  console.log(`queued: ${r.queued}\nalready noticed: ${r.alreadyNoticed}\nnot in the list: ${r.notInList}\nskipped: ${r.skipped.count}${skipped}`);
  if (r.queued) console.log(`links valid until: ${r.expiresAt.toISOString()}`);
}

/** Each try as a line; on a terminal the notices sent are one count that updates in place. */
function progress(tty: boolean) {
  let sent = 0;
  let counting = false;
  const line = (text: string) => {
    if (counting) process.stdout.write("\r\x1b[2K");
    counting = false;
    console.log(text);
  };
  const onTry = (t: NoticeTry) => {
    const who = `${t.to}${t.ending ? ` (account …${t.ending})` : ""}`;
    if (t.kind === "sent" && tty) {
      process.stdout.write(`\r\x1b[2Ksent: ${++sent}`);
      counting = true;
    } else if (t.kind === "sent") line(`sent: ${who}`);
    else if (t.kind === "retrying") line(`retrying: ${who}, try ${t.attempts}: ${t.error ?? ""}; next try at ${t.nextTryAt?.toISOString() ?? "?"}`);
    else line(`failed: ${who}, after ${t.attempts} ${t.attempts === 1 ? "try" : "tries"}: ${t.error ?? ""}`);
  };
  return { line, onTry };
}

function summary(s: NoticeSending): string {
  const left = s.left ? `, ${s.left} to be tried again from ${s.nextTryAt?.toISOString() ?? "later"} by the server's worker (or npm run outbox)` : "";
  const others = s.others ? ` (and ${s.others} other messages that were due)` : "";
  return `done: ${s.sent} sent, ${s.failed} failed${left}${others}`;
}

runCommand({
  command: "notify-affected",
  usage: USAGE,
  flags: z.object({
    incident: z.string().min(1),
    contacts: z.string().min(1),
    days: z.coerce.number().int().min(1, "--days is at least 1").max(366, "--days is at most 366").optional(),
    locale: z.enum(LOCALES, { message: `one of ${LOCALES.join(", ")}` }).default(DEFAULT_LOCALE),
    wait: z.boolean().default(false),
  }),
  switches: ["wait"],
  async run(flags) {
    const env = readEnv();
    const text = readContacts(flags.contacts);
    const { store } = await openExistingStore("notice");
    try {
      const secret = lookupSecret(env);
      const report = await queueNotices({ store, actor: operator("notify-affected"), slug: flags.incident, input: { contacts: text, days: flags.days, locale: flags.locale }, secret }).catch((error: unknown) => {
        throw error instanceof DomainError && (error.code === "invalid" || error.code === "conflict") ? refusal(flags.contacts, error) : error;
      });
      printReport(report);
      const { outbox, waiting } = outboxOf(store, env, secret);
      const pending = (await noticesWaiting(store.q, report.incidentId)).pending;
      if (waiting.length) {
        for (const why of waiting) console.log(`not sending: ${why}`);
        console.log(`${notices(pending)} wait in the outbox: the server's worker (or npm run outbox) sends them once that is set.`);
        return 0;
      }
      console.log(`sending: ${notices(pending)}`);
      const out = progress(process.stdout.isTTY === true);
      const sent = await sendNotices({ outbox, incidentId: report.incidentId, wait: flags.wait, onTry: out.onTry, onHeld: (n, until) => out.line(`waiting: ${notices(n)} held by another worker until ${until.toISOString()} (one stopped mid-send holds them until its lease ends)`) });
      out.line(summary(sent));
      return 0;
    } finally {
      await store.close();
    }
  },
});
