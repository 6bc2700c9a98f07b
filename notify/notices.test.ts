import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { keysIn } from "@/lookup/proof/keys";
import { checkLink, linkTokenOf } from "@/lookup/proof/tokens";
import { DomainError } from "@/domain/errors";
import { createIncident } from "@/db/write/incident";
import { type Clock, ORIGIN, editor, messagesOf, testOutbox } from "@/tests/support/outbox-kit";
import { accountId, affectedIncident, contactsCsv, keyOf } from "@/tests/support/notice-kit";
import { startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { addressHash } from "./addresses";
import { queueNotices } from "./notices";
import { sendDue } from "./worker";

// Notices to affected tenants on a real database, sent through a real SMTP server: queued only for
// the list's accounts, once per account however often it runs, each email with that account's own
// link and nothing of the list, the audit in counts, the addresses dropped once sent.
const kit = testStores("notices", { seed: false });
const clock: Clock = { now: Date.now() };
const SLUG = "kv-leak";
const [A, B, C, D] = ["a001", "b002", "c003", "d004"].map(accountId) as [string, string, string, string];
const CONTACTS = contactsCsv([
  [A, "ada@example.com"],
  [B, "bo@example.net"],
  [D, "dee@example.org"],
  [A, "ada.second@example.com"],
  [C.toUpperCase(), " Cy@Example.COM "],
]);

describe.each(ENGINES)("notices to affected tenants (on %s)", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const store = () => kit.store(engine);
  beforeAll(async () => {
    smtp = await startSmtp();
    await affectedIncident(store(), SLUG, [A, B, C]);
  });
  afterAll(() => smtp.close());

  const queue = (contacts: string, slug = SLUG) => queueNotices({ store: store(), actor: editor, slug, input: { contacts }, secret: TEST_SECRET, now: new Date(clock.now) });
  /** One number a query reads, as `n`. */
  const count = async (text: string) => (await store().q.row(z.object({ n: z.number() }), sql.raw(text)))?.n;
  const audits = () => store().q.rows(z.object({ incidentId: z.number().nullable(), after: z.string() }), sql`SELECT incident_id AS "incidentId", after FROM audit_entry WHERE entity = 'notices' ORDER BY id`);
  const mailTo = (address: string) => smtp.received.filter((r) => r.to.includes(address));

  it("refuses a file with a bad line whole, naming the lines, and queues nothing", async () => {
    const bad = contactsCsv([[A, "ada@example.com"], ["not-hex", "bo@example.net"], [B, "no address"]]);
    const refused = await queue(bad).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "invalid", details: { errors: [{ field: "line 3" }, { field: "line 4" }] } });
    expect((refused as Error).message).toContain("lines 3 and 4");
    expect(JSON.stringify(refused)).not.toContain("ada@example.com");
    await expect(queue("id,mail\n" + `${A},ada@example.com\n`)).rejects.toMatchObject({ code: "invalid", details: { errors: [{ field: "line 1" }] } });
    expect([await count("SELECT count(*) AS n FROM notice"), (await messagesOf(store())).length, (await audits()).length]).toEqual([0, 0, 0]);
  });

  it("refuses an incident that cannot take notices: a draft, or one with no list", async () => {
    await createIncident({ store: store(), actor: editor, input: { slug: "draft", title: "Draft", summary: "S.", provider: "P", service: "S", status: "resolved", impact: "I.", cause: "C.", cites: [] } });
    await expect(queue(CONTACTS, "draft")).rejects.toMatchObject({ code: "conflict" });
    await expect(queue(CONTACTS, "nope")).rejects.toMatchObject({ code: "not-found" });
  });

  it("queues one notice for each account of the list the file names, the first contact of each, and nothing for the rest", async () => {
    const report = await queue(CONTACTS);
    expect(report).toMatchObject({ contacts: 5, queued: 3, alreadyNoticed: 0, notInList: 1, skipped: { count: 1, lines: [5] } });
    const notices = await store().q.rows(
      z.object({ id: z.number(), accountKey: z.string(), ending: z.string(), emailHash: z.string() }),
      sql`SELECT id, account_key AS "accountKey", account_ending AS ending, email_hash AS "emailHash" FROM notice ORDER BY id`,
    );
    expect(notices).toEqual([
      { id: 1, accountKey: keyOf(A), ending: "a001", emailHash: addressHash(TEST_SECRET, "email", "ada@example.com") },
      { id: 2, accountKey: keyOf(B), ending: "b002", emailHash: addressHash(TEST_SECRET, "email", "bo@example.net") },
      { id: 3, accountKey: keyOf(C), ending: "c003", emailHash: addressHash(TEST_SECRET, "email", "cy@example.com") },
    ]);
    const queued = await messagesOf(store(), "notice");
    expect(queued.map((m) => [m.key, m.recipient, m.state, m.noticeId])).toEqual([
      ["notice:1", "ada@example.com", "pending", 1],
      ["notice:2", "bo@example.net", "pending", 2],
      ["notice:3", "cy@example.com", "pending", 3],
    ]);
    expect(JSON.parse(queued[0]?.payload ?? "{}")).toEqual({
      type: "notice.affected",
      noticeId: 1,
      incident: { slug: SLUG, title: `Incident ${SLUG}` },
      accountEnding: "a001",
      expiresAt: Math.floor(clock.now / 1000) + 90 * 86_400,
      locale: "en",
      to: "a•••@example.com",
    });
  });

  it("queues nothing twice, however often it runs and whatever address the file gives an account", async () => {
    const again = await queue(contactsCsv([[B, "bo.new@example.net"], [A, "ada@example.com"], [C, "cy@example.com"]]));
    expect(again).toMatchObject({ queued: 0, alreadyNoticed: 3, notInList: 0, skipped: { count: 0 } });
    expect((await queue(CONTACTS)).queued).toBe(0);
    expect([await count("SELECT count(*) AS n FROM notice"), (await messagesOf(store())).length]).toEqual([3, 3]);
  });

  it("writes one audit entry a run, in counts only, outside the incident's public history", async () => {
    const entries = await audits();
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.incidentId)).toEqual([null, null, null]);
    expect(Object.keys(JSON.parse(entries[0]?.after ?? "{}")).sort()).toEqual(["alreadyNoticed", "contacts", "expiresAt", "incident", "notInList", "queued", "skipped"]);
    expect(JSON.parse(entries[0]?.after ?? "{}")).toMatchObject({ incident: SLUG, contacts: 5, queued: 3, alreadyNoticed: 0, notInList: 1, skipped: 1 });
    const all = JSON.stringify(entries).toLowerCase();
    for (const secret of [A, B, C, D, "ada@", "bo@", "cy@", "dee@", keyOf(A)]) expect(all).not.toContain(secret);
  });

  it("sends each contact its own account's link and nothing of the list; says 'affected' only to that address; drops the address once sent", async () => {
    await sendDue(testOutbox(store(), { smtpUrl: smtp.url, clock }));
    expect(smtp.received.map((r) => r.to).sort()).toEqual([["ada@example.com"], ["bo@example.net"], ["cy@example.com"]]);
    const keys = await keysIn(store().q, TEST_SECRET);
    const incidentId = Number(await count(`SELECT id AS n FROM incident WHERE slug = '${SLUG}'`));
    for (const [address, id, ending] of [["ada@example.com", A, "a001"], ["bo@example.net", B, "b002"], ["cy@example.com", C, "c003"]] as const) {
      const [mail] = mailTo(address);
      expect(mail?.mail.subject).toBe(`Your account was affected by “Incident ${SLUG}”`);
      const text = mail?.mail.text ?? "";
      expect(text).toContain(`account ending in ${ending}`);
      const link = new RegExp(`${ORIGIN}/incidents/${SLUG}/lookup/link\\?token=\\S+`).exec(text)?.[0] ?? "";
      const proof = checkLink(keys, linkTokenOf(link), incidentId, Math.floor(clock.now / 1000));
      if (!proof.ok) throw new Error(`the link proves nothing: ${proof.reason}`);
      expect(proof.proof.tenantKey).toBe(keyOf(id));
      expect([A, B, C, D].filter((other) => keyOf(other) === proof.proof.tenantKey)).toEqual([id]);
      for (const n of [0, 1, 2, 3, 4, 5]) expect(mail?.raw.toString()).not.toContain(`${SLUG}-${n}`);
      for (const other of [A, B, C, D]) expect(mail?.raw.toString().toLowerCase()).not.toContain(other);
    }
    expect([mailTo("dee@example.org"), mailTo("ada.second@example.com"), mailTo("bo.new@example.net")]).toEqual([[], [], []]);
    const sent = await messagesOf(store(), "notice");
    expect(sent.map((m) => [m.state, m.recipient, m.recipientHash])).toEqual(
      ["ada@example.com", "bo@example.net", "cy@example.com"].map((a) => ["sent", null, addressHash(TEST_SECRET, "email", a)]),
    );
    expect(await count("SELECT count(*) AS n FROM notice WHERE email_hash IS NOT NULL")).toBe(3);
  });
});
