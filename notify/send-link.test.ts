import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { keysIn } from "@/lookup/proof/keys";
import { checkLink, linkTokenOf } from "@/lookup/proof/tokens";
import { type Clock, ORIGIN, editor, messagesOf, testOutbox } from "@/tests/support/outbox-kit";
import { accountId, affectedIncident, contactsCsv, keyOf } from "@/tests/support/notice-kit";
import { startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { workAfterAnswers } from "./later";
import { queueNotices } from "./notices";
import { requestLink } from "./send-link";
import { sendDue } from "./worker";

// "Send me my link" on the lookup page: the same answer for every address, the link sent again only
// to the contact a notice went to (once an hour however often asked), throttled per address and per client.
const kit = testStores("send-link", { seed: false });
const clock: Clock = { now: Date.now() };
const SLUG = "kv-leak";
const [A, B] = ["a001", "b002"].map(accountId) as [string, string];
const env = readEnv({ DATABASE_URL: "unused.db", SUBSCRIBE_ADDRESS_LIMIT_PER_HOUR: "3", SUBSCRIBE_CLIENT_LIMIT_PER_HOUR: "8" });

let clients = 0;

describe.each(ENGINES)("send me my link (on %s)", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const store = () => kit.store(engine);
  beforeAll(async () => {
    smtp = await startSmtp();
    await affectedIncident(store(), SLUG, [A, B]);
    await queueNotices({ store: store(), actor: editor, slug: SLUG, input: { contacts: contactsCsv([[A, "ada@example.com"], [B, "bo@example.net"]]) }, secret: TEST_SECRET, now: new Date(clock.now) });
    await sendDue(testOutbox(store(), { smtpUrl: smtp.url, clock }));
    smtp.received.length = 0;
  });
  afterAll(() => smtp.close());

  /** Each ask from a client of its own unless given, so the client's limit stays out of the way. */
  const ask = (address: string, client = `192.0.2.${++clients}`, at = clock.now) =>
    requestLink(store(), { slug: SLUG, address, headers: new Headers({ [CLIENT_ADDRESS_HEADER]: client }), secret: TEST_SECRET, now: new Date(at), env });
  /** The work the answers accepted, done. */
  const afterAnswer = () => workAfterAnswers();
  const links = () => messagesOf(store(), "link");

  it("answers a contact of an affected account and an unknown address byte for byte the same, and does the work after", async () => {
    const known = await ask("ada@example.com");
    // Nothing differs yet when the answer goes: the link is queued after it. Read at once, before
    // another ask's I/O gives the queued work its turn (it begins on the next turn of the event loop).
    expect(await links()).toEqual([]);
    const unknown = await ask("zed@example.com");
    expect(JSON.stringify(known)).toBe(JSON.stringify(unknown));
    expect(known).toEqual({ kind: "asked" });
    await afterAnswer();
    expect((await links()).map((m) => [m.key, m.recipient, m.noticeId])).toEqual([[`link:1:${Math.floor(clock.now / 3_600_000)}`, "ada@example.com", 1]]);
  });

  it("sends the known address one email with its account's link, and the unknown none", async () => {
    await sendDue(testOutbox(store(), { smtpUrl: smtp.url, clock }));
    expect(smtp.received.map((r) => r.to)).toEqual([["ada@example.com"]]);
    const text = smtp.received[0]?.mail.text ?? "";
    expect(smtp.received[0]?.mail.subject).toBe(`Your link for “Incident ${SLUG}”`);
    const link = new RegExp(`${ORIGIN}/incidents/${SLUG}/lookup/link\\?token=\\S+`).exec(text)?.[0] ?? "";
    const incidentId = Number((await store().q.row(z.object({ id: z.number() }), sql`SELECT id FROM incident WHERE slug = ${SLUG}`))?.id);
    const proof = checkLink(await keysIn(store().q, TEST_SECRET), linkTokenOf(link), incidentId, Math.floor(clock.now / 1000));
    expect(proof.ok && proof.proof.tenantKey).toBe(keyOf(A));
    expect((await links()).map((m) => [m.state, m.recipient])).toEqual([["sent", null]]);
  });

  it("queues one link an hour however often it is asked for, the address as written or not", async () => {
    await ask("ada@example.com");
    await afterAnswer();
    expect(await links()).toHaveLength(1);
    await ask(" ADA@Example.com ", undefined, clock.now + 3_600_000);
    await afterAnswer();
    expect(await links()).toHaveLength(2);
  });

  it("throttles per address, whoever asks, and per client, whatever the address", async () => {
    // bo@ has had none of its three asks this hour; the fourth, from another client, is refused.
    for (let n = 0; n < 3; n++) expect(await ask("bo@example.net")).toEqual({ kind: "asked" });
    expect(await ask("bo@example.net")).toMatchObject({ kind: "limited" });
    for (let n = 0; n < 8; n++) expect(await ask(`reader${n}@example.org`, "198.51.100.7")).toEqual({ kind: "asked" });
    expect(await ask("reader9@example.org", "198.51.100.7")).toMatchObject({ kind: "limited" });
    expect(await ask("not an address")).toMatchObject({ kind: "invalid" });
    await afterAnswer();
    expect((await links()).filter((m) => m.noticeId === 2)).toHaveLength(1);
  });
});
