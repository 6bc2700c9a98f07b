import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { type Clock, ORIGIN, messagesOf, testOutbox } from "@/tests/support/outbox-kit";
import { startSmtp } from "@/tests/support/smtp";
import { TEST_SECRET, testDatabase } from "@/tests/support/test-database";
import { carryOut, planSignUp } from "./subscribe";
import { sendDue } from "./worker";

// Two workers claiming at once send each message once; a worker killed (kill -9) in the middle of
// a send leaves its message to be claimed again when the lease ends, and sent under the same Message-ID.
const t = testDatabase("outbox-claims");
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let holding = true;
const clock: Clock = { now: 0 };

beforeAll(async () => {
  smtp = await startSmtp({ hold: (to) => holding && to === "held@example.com" });
});
afterAll(() => smtp.close());

/** A sign-up whose confirmation waits in the outbox. */
function signUp(address: string): void {
  const plan = planSignUp(t.db, { channel: "email", address, incident: null }, false);
  if ("field" in plan) throw new Error(plan.message);
  carryOut(t.db, plan, TEST_SECRET, new Date());
}

const until = async (done: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 50))) if (Date.now() > end) throw new Error("timed out");
};

describe("claims", () => {
  it("read only due pending rows of their channel, by the partial index", () => {
    const plan = t.db.$client.prepare(`EXPLAIN QUERY PLAN SELECT id FROM outbox_message WHERE state = 'pending' AND channel = 'email' AND due_at <= 5 ORDER BY due_at LIMIT 20`).all();
    expect(plan.map((r) => (typeof r === "object" && r !== null && "detail" in r ? String(r.detail) : ""))).toEqual([
      "SEARCH outbox_message USING COVERING INDEX outbox_message_due_idx (channel=? AND due_at<?)",
    ]);
  });

  it("send each message once when two workers on two connections claim at the same time", async () => {
    for (let n = 0; n < 40; n++) signUp(`reader${n}@example.com`);
    const other = openDatabase(t.file);
    clock.now = Date.now();
    const claimed = await Promise.all([sendDue(testOutbox(t.db, { smtpUrl: smtp.url, clock })), sendDue(testOutbox(other, { smtpUrl: smtp.url, clock }))]);
    other.$client.close();
    expect([claimed[0] + claimed[1], claimed.every((n) => n > 0)]).toEqual([40, true]);
    const recipients = smtp.received.flatMap((r) => r.to);
    expect([recipients.length, new Set(recipients).size]).toEqual([40, 40]);
    expect(messagesOf(t.db).every((m) => m.state === "sent")).toBe(true);
  });

  it("survive kill -9 in the middle of a send: the message goes again under the same Message-ID once the lease ends", async () => {
    signUp("held@example.com");
    const child = spawn(process.execPath, ["--import", "./scripts/register.mjs", "scripts/outbox.ts"], {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: t.file, LOOKUP_SECRET: TEST_SECRET, SMTP_URL: smtp.url, MAIL_FROM: "status@example.org", PUBLIC_ORIGIN: ORIGIN },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await until(() => smtp.held.length === 1, 30_000);
    child.kill("SIGKILL");
    await exited;
    const row = messagesOf(t.db).find((m) => m.recipient === "held@example.com");
    expect([row?.state, row?.lease !== null, row?.attempts]).toEqual(["pending", true, 1]);
    holding = false;
    clock.now = (row?.dueAt ?? 0) - 1;
    expect(await sendDue(testOutbox(t.db, { smtpUrl: smtp.url, clock }))).toBe(0);
    clock.now += 1;
    expect(await sendDue(testOutbox(t.db, { smtpUrl: smtp.url, clock }))).toBe(1);
    const sent = smtp.received.filter((r) => r.to.includes("held@example.com"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.mail.messageId).toBe(smtp.held[0]?.mail.messageId);
    expect(messagesOf(t.db).find((m) => m.id === row?.id)).toMatchObject({ state: "sent", attempts: 2, recipient: null });
  });
});
