import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPostgres } from "@/db/pg/connect";
import { postgresStore } from "@/db/pg/store";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { type Clock, ORIGIN, messagesOf, testOutbox } from "@/tests/support/outbox-kit";
import { startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { carryOut, planSignUp } from "./subscribe";
import { sendDue } from "./worker";
import { commandArgs } from "../scripts/server-command";

// Two workers claiming at once send each message once; a worker killed (kill -9) in the middle of
// a send leaves its message to be claimed again when the lease ends, and sent under the same Message-ID.
const kit = testStores("outbox-claims", { seed: false });

const until = async (done: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 50))) if (Date.now() > end) throw new Error("timed out");
};

describe.each(ENGINES)("claims (on %s)", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let holding = true;
  const clock: Clock = { now: 0 };
  const store = () => kit.store(engine);
  beforeAll(async () => {
    smtp = await startSmtp({ hold: (to) => holding && to === "held@example.com" });
  });
  afterAll(() => smtp.close());

  /** A sign-up whose confirmation waits in the outbox. */
  async function signUp(address: string): Promise<void> {
    const plan = await planSignUp(store().q, { channel: "email", address, incident: null }, false);
    if ("field" in plan) throw new Error(plan.message);
    await carryOut(store(), plan, TEST_SECRET, new Date());
  }

  /** Another process's store on the same database (another machine's, on PostgreSQL). */
  const another = (): Store => (engine === "sqlite" ? sqliteStore(kit.file) : postgresStore(openPostgres(kit.pgUrl, { max: 3 })));

  it("read only due pending rows of their channel, by the partial index", async () => {
    const claim = sql`SELECT id FROM outbox_message WHERE state = 'pending' AND channel = 'email' AND due_at <= 5 ORDER BY due_at LIMIT 20`;
    const plan = await store().read(async (tx) => {
      if (engine === "sqlite") return (await tx.rows(z.object({ detail: z.string() }).loose(), sql`EXPLAIN QUERY PLAN ${claim}`)).map((r) => r.detail);
      // PostgreSQL scans a table this small whole unless told not to: the index must be there to be chosen.
      await tx.exec(sql`SET LOCAL enable_seqscan = off`);
      return (await tx.rows(z.object({ "QUERY PLAN": z.string() }), sql`EXPLAIN ${claim}`)).map((r) => r["QUERY PLAN"]);
    });
    if (engine === "sqlite") expect(plan).toEqual(["SEARCH outbox_message USING COVERING INDEX outbox_message_due_idx (channel=? AND due_at<?)"]);
    else expect(plan.join("\n")).toMatch(/Index (Only )?Scan using outbox_message_due_idx on outbox_message/);
  });

  it("send each message once when two workers on two connections claim at the same time", async () => {
    for (let n = 0; n < 40; n++) await signUp(`reader${n}@example.com`);
    const other = another();
    clock.now = Date.now();
    // Paced by nothing: the two stores of one SQLite file in one process would wait for each other's write lock with the event loop stopped (each server or worker process has one).
    const free = { pace: async () => ({ go: true }) as const };
    try {
      const claimed = await Promise.all([sendDue({ ...testOutbox(store(), { smtpUrl: smtp.url, clock }), ...free }), sendDue({ ...testOutbox(other, { smtpUrl: smtp.url, clock }), ...free })]);
      expect([claimed[0] + claimed[1], claimed.every((n) => n > 0)]).toEqual([40, true]);
    } finally {
      await other.close();
    }
    const recipients = smtp.received.flatMap((r) => r.to);
    expect([recipients.length, new Set(recipients).size]).toEqual([40, 40]);
    expect((await messagesOf(store())).every((m) => m.state === "sent")).toBe(true);
  });

  it("survive kill -9 in the middle of a send: the message goes again under the same Message-ID once the lease ends", async () => {
    await signUp("held@example.com");
    const child = spawn(process.execPath, [...commandArgs("outbox")], {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: engine === "sqlite" ? kit.file : kit.pgUrl, LOOKUP_SECRET: TEST_SECRET, SMTP_URL: smtp.url, MAIL_FROM: "status@example.org", PUBLIC_ORIGIN: ORIGIN },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await until(() => smtp.held.length === 1, 30_000);
    child.kill("SIGKILL");
    await exited;
    const row = (await messagesOf(store())).find((m) => m.recipient === "held@example.com");
    expect([row?.state, row?.lease !== null, row?.attempts]).toEqual(["pending", true, 1]);
    holding = false;
    clock.now = (row?.dueAt ?? 0) - 1;
    expect(await sendDue(testOutbox(store(), { smtpUrl: smtp.url, clock }))).toBe(0);
    clock.now += 1;
    expect(await sendDue(testOutbox(store(), { smtpUrl: smtp.url, clock }))).toBe(1);
    const sent = smtp.received.filter((r) => r.to.includes("held@example.com"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.mail.messageId).toBe(smtp.held[0]?.mail.messageId);
    expect((await messagesOf(store())).find((m) => m.id === row?.id)).toMatchObject({ state: "sent", attempts: 2, recipient: null });
  });
});
