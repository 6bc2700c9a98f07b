import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmSubscriber } from "@/db/subscribers";
import { DomainError } from "@/domain/errors";
import { addItem } from "@/db/write/collections";
import { type Clock, ORIGIN, confirmIn, editor, messagesOf, openIncident, postUpdate, subscribeConfirmed, testOutbox } from "@/tests/support/outbox-kit";
import { type Reply, startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";
import { carryOut, planSignUp } from "./subscribe";
import { RETRY_WAITS_MS } from "./schedule";
import { type SentEvent, sendDue } from "./worker";

// Mail through a real SMTP server (smtp-server, with authentication), read back with mailparser:
// the confirmation, the news with RFC 8058's headers, 4xx tried again on the schedule with the same
// Message-ID, 5xx dead at once, and DKIM signatures that mailauth verifies.
const kit = testStores("outbox-mail", { seed: false });
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

describe.each(ENGINES)("the outbox's mail (on %s)", (engine) => {
  const replies = new Map<string, Reply[]>();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock: Clock = { now: Date.now() };
  const events: SentEvent[] = [];
  const store = () => kit.store(engine);
  beforeAll(async () => {
    smtp = await startSmtp({ reply: (to) => replies.get(to)?.shift() ?? null });
    await openIncident(store(), "queues");
  });
  afterAll(() => smtp.close());

  const outbox = () => testOutbox(store(), { smtpUrl: smtp.url, dkimKey: pem, clock, events });
  // News is queued at the time of the write, by the wall clock: the test's clock catches up first.
  const now = () => (clock.now = Math.max(clock.now, Date.now()));
  const mailTo = (address: string) => smtp.received.filter((r) => r.to.includes(address));

  it("sends a sign-up's confirmation, whose link confirms only with the newest nonce", async () => {
    const plan = await planSignUp(store().q, { channel: "email", address: " Ada@Example.com ", incident: "queues" }, false);
    if ("field" in plan) throw new Error(plan.message);
    const first = await carryOut(store(), plan, "t".repeat(40), new Date(clock.now));
    const again = await carryOut(store(), plan, "t".repeat(40), new Date(clock.now));
    expect(again.nonce).toBe(first.nonce + 1);
    await sendDue(outbox());
    const got = mailTo("ada@example.com");
    expect(got.map((m) => m.mail.subject)).toEqual(["Confirm your subscription to Incident queues", "Confirm your subscription to Incident queues"]);
    const [older, newer] = got.map((m) => confirmIn(m.mail.text ?? "", new Date(clock.now)));
    if (!older?.ok || !newer?.ok) throw new Error("no confirmation link");
    expect(await confirmSubscriber(store(), older.subscriberId, older.nonce)).toBeNull();
    expect((await confirmSubscriber(store(), newer.subscriberId, newer.nonce))?.state).toBe("confirmed");
    expect(confirmIn(got[1]?.mail.text ?? "", new Date(clock.now + 49 * 3600_000))).toEqual({ ok: false, reason: "expired" });
  });

  it("queues news in the write's own transaction: a refused write queues nothing, a posted update one message per subscriber", async () => {
    const before = (await messagesOf(store(), "news")).length;
    await expect(addItem({ store: store(), actor: editor, slug: "queues", collection: "updates", input: { version: 1, item: { at: "2026-12-01T10:00Z", status: "identified", body: "x" } } })).rejects.toThrow(DomainError);
    expect((await messagesOf(store(), "news")).length).toBe(before);
    await postUpdate(store(), "queues", "A full disk on one broker; moving its queues.");
    expect((await messagesOf(store(), "news")).length).toBe(before + 1);
    now();
    await sendDue(outbox());
    const news = mailTo("ada@example.com").at(-1);
    expect(news?.mail.subject).toBe("Incident queues: Identified");
    expect(news?.mail.text).toContain("A full disk on one broker; moving its queues.");
    expect(news?.mail.text).toContain(`${ORIGIN}/incidents/queues`);
    const head = (news?.raw.toString("utf8") ?? "").split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
    expect(head).toMatch(new RegExp(`^List-Unsubscribe: <${ORIGIN}/subscriptions/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`, "m"));
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(news?.mail.messageId).toMatch(/^<[A-Za-z0-9_-]{32}@example\.org>$/);
  });

  it("signs with DKIM so that a verifier finds the signature good with the published key", async () => {
    const news = mailTo("ada@example.com").at(-1);
    const txt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
    const result = await dkimVerify(news?.raw ?? Buffer.alloc(0), {
      resolver: async (name: string, type: string) => {
        if (name === "test2026._domainkey.example.org" && type === "TXT") return [[txt]];
        throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
      },
    });
    expect(result.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([["example.org", "test2026", "pass"]]);
  });

  it("tries a 4xx again on the schedule with the same Message-ID, and gives a 5xx up at once with the server's words", async () => {
    // Each first takes its confirmation, then refuses the news.
    replies.set("later@example.net", [null, { code: 451, text: "4.7.1 Greylisted, try again later" }]);
    replies.set("never@example.net", [null, { code: 550, text: "5.1.1 No such mailbox" }]);
    await subscribeConfirmed(store(), { channel: "email", address: "later@example.net", incident: "queues" });
    await subscribeConfirmed(store(), { channel: "email", address: "never@example.net", incident: null });
    await postUpdate(store(), "queues", "Queues are draining.", "2026-12-01T10:30Z");
    events.length = 0;
    const tried = now();
    await sendDue(outbox());
    const retrying = events.find((e) => e.purpose === "news" && e.to === "l•••@example.net");
    expect(retrying).toMatchObject({ kind: "retrying" });
    expect(retrying?.error).toContain("451 4.7.1 Greylisted");
    expect(events.find((e) => e.purpose === "news" && e.to === "n•••@example.net")).toMatchObject({ kind: "dead" });
    const dead = (await messagesOf(store(), "news")).find((m) => m.state === "dead");
    expect([dead?.recipient, dead?.lastError?.includes("550 5.1.1 No such mailbox")]).toEqual([null, true]);
    const waiting = (await messagesOf(store(), "news")).find((m) => m.state === "pending");
    // The first wait is 5 s, spread by ±20% (the test's random is 0.5: no spread).
    expect(waiting?.dueAt).toBe(tried + RETRY_WAITS_MS[0]);
    clock.now = tried + 4_000;
    await sendDue(outbox());
    expect(mailTo("later@example.net").filter((m) => m.mail.subject?.includes("Identified"))).toEqual([]);
    clock.now = tried + 6_000;
    await sendDue(outbox());
    const sent = mailTo("later@example.net").filter((m) => m.mail.subject === "Incident queues: Identified");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.mail.messageId).toBe(`<${(await import("./compose")).stableId(waiting?.key ?? "")}@example.org>`);
    expect((await messagesOf(store(), "news")).filter((m) => m.state === "sent").every((m) => m.recipient === null)).toBe(true);
  });
});
