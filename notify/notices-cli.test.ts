import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadLetters, outboxTally } from "@/db/outbox/progress";
import { ORIGIN, messagesOf } from "@/tests/support/outbox-kit";
import { accountId, affectedIncident, contactsCsv, startNotify, writeFile } from "@/tests/support/notice-kit";
import { type Reply, startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";

// npm run notify:affected as an operator runs it, a child process on a real database and a real
// SMTP server: exit 2 for a bad file; queued and left when no SMTP server is set; each try printed
// (sent, 451 tried again, 550 failed, with the server's words); --wait; and kill -9 mid-send, then a
// second run that sends each notice exactly once, under the same Message-ID.
const kit = testStores("notices-cli", { seed: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-notices-cli-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const [OK, LATER, NEVER, H1, H2, HELD, RU] = ["a001", "b002", "c003", "d004", "e005", "f006", "a007"].map(accountId) as [string, string, string, string, string, string, string];

describe.each(ENGINES)("npm run notify:affected (on %s)", { timeout: 60_000 }, (engine) => {
  const replies = new Map<string, Reply[]>();
  let holding = true;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const store = () => kit.store(engine);
  beforeAll(async () => {
    smtp = await startSmtp({ reply: (to) => replies.get(to)?.shift() ?? null, hold: (to) => holding && to === "held@example.com" });
    await affectedIncident(store(), "tries", [OK, LATER, NEVER]);
    await affectedIncident(store(), "killed", [H1, H2, HELD]);
    await affectedIncident(store(), "russian", [RU]);
  });
  afterAll(() => smtp.close());

  const mail = () => ({ SMTP_URL: smtp.url, MAIL_FROM: "Aftermath <status@example.org>", PUBLIC_ORIGIN: ORIGIN, OUTBOX_LEASE_SECONDS: "5", OUTBOX_RATE_PER_SECOND: "100", OUTBOX_DOMAIN_RATE_PER_SECOND: "100" });
  const notify = (args: string[], env: Record<string, string> = {}) => startNotify(args, { DATABASE_URL: engine === "sqlite" ? kit.file : kit.pgUrl, ...env });
  const to = (address: string) => smtp.received.filter((r) => r.to.includes(address));
  const noticesOf = async (slug: string) => (await messagesOf(store(), "notice")).filter((m) => JSON.parse(m.payload).incident.slug === slug);

  it("refuses a bad file with exit 2, naming its lines, and queues nothing", async () => {
    const file = writeFile(dir, "bad.csv", contactsCsv([[OK, "ok@example.com"], ["zz", "later@example.net"], [NEVER, "never"]]));
    const run = await notify(["--incident", "tries", "--contacts", file]).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("line 3: the account id is not 32 hexadecimal digits; line 4: the email is not an email address");
    expect(run.stderr).not.toContain("later@example.net");
    expect(await messagesOf(store())).toEqual([]);
    const help = await notify(["--help"]).done;
    expect(help.stdout).toContain("its first contact counts and the later ones are skipped");
  });

  it("writes the notices in the language --locale names, their links opening the lookup in it; refuses a language it does not speak", async () => {
    const file = writeFile(dir, "russian.csv", contactsCsv([[RU, "ru@example.com"]]));
    const refused = await notify(["--incident", "russian", "--contacts", file, "--locale", "de"]).done;
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining("--locale: one of en, ru")]);
    expect(await noticesOf("russian")).toEqual([]);
    const run = await notify(["--incident", "russian", "--contacts", file, "--locale", "ru"], mail()).done;
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect((await noticesOf("russian")).map((m) => JSON.parse(m.payload).locale)).toEqual(["ru"]);
    const [sent] = to("ru@example.com");
    expect(sent?.mail.subject).toBe("Инцидент «Incident russian» затронул ваш аккаунт");
    expect(sent?.mail.text).toContain(`${ORIGIN}/ru/incidents/russian/lookup/link?token=`);
  });

  it("queues, and leaves the notices queued with the reason when no SMTP server is set", async () => {
    const file = writeFile(dir, "tries.csv", contactsCsv([[OK, "ok@example.com"], [LATER, "later@example.net"], [NEVER, "never@example.org"], [OK, "ok.too@example.com"]]));
    const run = await notify(["--incident", "tries", "--contacts", file], { PUBLIC_ORIGIN: ORIGIN }).done;
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("queued: 3\nalready noticed: 0\nnot in the list: 0\nskipped: 1 (an account named again: line 5)\n");
    expect(run.stdout).toContain("not sending: No SMTP server is configured: set SMTP_URL and MAIL_FROM, and the waiting mail goes out.");
    expect((await noticesOf("tries")).map((m) => m.state)).toEqual(["pending", "pending", "pending"]);
  });

  it("then sends them, printing each try: sent, tried again (451) with when, failed (550) with the server's words", async () => {
    replies.set("later@example.net", [{ code: 451, text: "4.7.1 Greylisted, try again later" }]);
    replies.set("never@example.org", [{ code: 550, text: "5.1.1 <never@example.org>: No such mailbox here" }]);
    const file = writeFile(dir, "tries.csv", contactsCsv([[OK, "ok@example.com"], [LATER, "later@example.net"], [NEVER, "never@example.org"]]));
    const run = await notify(["--incident", "tries", "--contacts", file], mail()).done;
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("queued: 0\nalready noticed: 3\n");
    expect(run.stdout).toContain("sending: 3 notices\n");
    expect(run.stdout).toContain("sent: o•••@example.com (account …a001)\n");
    expect(run.stdout).toMatch(/^retrying: l•••@example\.net \(account …b002\), try 1: 451 4\.7\.1 Greylisted, try again later; next try at \d{4}-\d\d-\d\dT[\d:.]+Z$/m);
    expect(run.stdout).toMatch(/^failed: n•••@example\.org \(account …c003\), after 1 try: 550 5\.1\.1 <n•••@example\.org>: No such mailbox here$/m);
    expect(run.stdout).toMatch(/^done: 1 sent, 1 failed, 1 to be tried again from \S+ by the server's worker \(or npm run outbox\)$/m);
    expect(run.stdout + run.stderr).not.toMatch(/ok@example\.com|later@example\.net|never@example\.org|cccccccc/);
    expect([to("ok@example.com").length, to("later@example.net").length, to("ok.too@example.com").length]).toEqual([1, 0, 0]);
    // The server quoted the address; what is kept of its reply quotes it masked.
    expect((await noticesOf("tries")).map((m) => m.lastError)).toEqual([null, "451 4.7.1 Greylisted, try again later", "550 5.1.1 <n•••@example.org>: No such mailbox here"]);
    // What the editor's notices page reads of it.
    const incidentId = (await noticesOf("tries"))[0]?.incidentId ?? 0;
    expect(await outboxTally(store().q, incidentId)).toEqual([
      { purpose: "notice", state: "dead", count: 1 },
      { purpose: "notice", state: "pending", count: 1 },
      { purpose: "notice", state: "sent", count: 1 },
    ]);
    expect(await deadLetters(store().q, incidentId)).toEqual([
      { id: expect.any(Number), purpose: "notice", to: "n•••@example.org", attempts: 1, lastError: "550 5.1.1 <n•••@example.org>: No such mailbox here", createdAt: expect.any(String) },
    ]);
  });

  it("with --wait, waits for the try again and sends it", async () => {
    const file = writeFile(dir, "tries.csv", contactsCsv([[LATER, "later@example.net"]]));
    const run = await notify(["--incident", "tries", "--contacts", file, "--wait"], mail()).done;
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("sent: l•••@example.net (account …b002)\n");
    expect(run.stdout).toContain("done: 1 sent, 0 failed\n");
    expect(to("later@example.net")).toHaveLength(1);
    expect((await noticesOf("tries")).map((m) => [m.state, m.recipient])).toEqual([["sent", null], ["sent", null], ["dead", null]]);
  });

  it("survives kill -9 mid-send: run again, nothing is queued twice and each notice is sent once, under the same Message-ID", async () => {
    const file = writeFile(dir, "killed.csv", contactsCsv([[H1, "one@example.com"], [H2, "two@example.com"], [HELD, "held@example.com"]]));
    // A lease longer than the second run takes to start, so that it finds the killed run's claim still held.
    const env = { ...mail(), OUTBOX_LEASE_SECONDS: "10" };
    const first = notify(["--incident", "killed", "--contacts", file], env);
    const midSend = async () => smtp.held.length === 1 && (await noticesOf("killed")).filter((m) => m.state === "sent").length === 2;
    for (const end = Date.now() + 30_000; !(await midSend()); await new Promise((r) => setTimeout(r, 50))) if (Date.now() > end) throw new Error(`not mid-send:\n${first.out.stdout}`);
    first.child.kill("SIGKILL");
    expect((await first.done).signal).toBe("SIGKILL");
    const held = (await noticesOf("killed")).find((m) => m.recipient === "held@example.com");
    expect([held?.state, held?.lease !== null]).toEqual(["pending", true]);
    holding = false;
    const second = await notify(["--incident", "killed", "--contacts", file], env).done;
    expect([second.code, second.stderr]).toEqual([0, ""]);
    expect(second.stdout).toContain("queued: 0\nalready noticed: 3\n");
    expect(second.stdout).toMatch(/^waiting: 1 notice held by another worker until \S+Z/m);
    expect(second.stdout).toContain("sent: h•••@example.com (account …f006)\n");
    expect(["one@example.com", "two@example.com", "held@example.com"].map((a) => to(a).length)).toEqual([1, 1, 1]);
    expect(to("held@example.com")[0]?.mail.messageId).toBe(smtp.held[0]?.mail.messageId);
    expect((await noticesOf("killed")).map((m) => m.state)).toEqual(["sent", "sent", "sent"]);
  });
});
