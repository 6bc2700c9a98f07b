import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openPostgres } from "../pg/connect";
import { postgresStore } from "../pg/store";
import { sqliteStore } from "../store/sqlite";
import type { Store } from "../store/store";
import type { Claims } from "./claim";
import { claimsOf } from "../claims";
import { ENGINES, testStores } from "@/tests/support/stores";

// The outbox's claim on both engines, as several workers run it (processes on one SQLite file;
// machines on one PostgreSQL): every due message is taken by one worker, settled under its lease only.
const kit = testStores("outbox-claims-engines", { seed: false });

const PAYLOAD = JSON.stringify({ type: "subscription.confirm", subscriberId: 1, nonce: 0, incident: null, to: "r•••@example.com" });
const INSERT = "INSERT INTO outbox_message (key, channel, purpose, recipient, recipient_hash, domain, payload, due_at) VALUES ";

type Engine = { claims: () => Claims; more: () => { claims: Claims; close: () => Promise<void> }; exec: (text: string) => Promise<void>; rows: (text: string) => Promise<unknown[]> };
/** The engine's store as the tests use it: its claims, another process's or machine's store on the same database, and raw SQL. */
const engineOf = (engine: (typeof ENGINES)[number]): Engine => {
  const store = () => kit.store(engine);
  const another = (): Store => (engine === "sqlite" ? sqliteStore(kit.file) : postgresStore(openPostgres(kit.pgUrl, { max: 3 })));
  return {
    claims: () => claimsOf(store()),
    more: () => {
      const other = another();
      return { claims: claimsOf(other), close: () => other.close() };
    },
    exec: async (text) => void (await store().q.exec(sql.raw(text))),
    rows: (text) => store().q.rows(z.record(z.string(), z.unknown()), sql.raw(text)),
  };
};

let batches = 0;
/** `n` messages due at 1..n on a channel of their own (the tests share the table, not their messages). */
async function queue(e: Engine, n: number): Promise<string> {
  const tag = `b${++batches}`;
  const values = Array.from({ length: n }, (_, i) => `('${tag}:${i}', 'email', 'confirm', 'r${i}@example.com', 'h', 'example.com', '${PAYLOAD}', ${i + 1})`);
  await e.exec(`DELETE FROM outbox_message WHERE state = 'pending'`);
  await e.exec(INSERT + values.join(", "));
  return tag;
}

describe.each(ENGINES)("the outbox's claim (on %s)", (engine) => {
  const e = engineOf(engine);
  it("gives each of 400 due messages to exactly one of eight workers on four connections claiming at once", async () => {
    const tag = await queue(e, 400);
    const others = [e.more(), e.more(), e.more()];
    try {
      const all = [e.claims(), ...others.map((o) => o.claims)];
      const taken: string[] = [];
      const worker = async (claims: Claims, w: number) => {
        for (let round = 0; ; round++) {
          const lease = `w${w}-${round}`;
          const got = await claims.claimDue({ channel: "email", now: 1_000, lease, leaseMs: 60_000, limit: 7 });
          if (got.length === 0) return;
          for (const m of got) {
            taken.push(m.key);
            expect(await claims.sent({ id: m.id, lease, at: new Date(0) })).toBe(true);
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, w) => worker(all[w % 4]!, w)));
      expect(taken.filter((k) => k.startsWith(`${tag}:`)).sort()).toEqual(Array.from({ length: 400 }, (_, i) => `${tag}:${i}`).sort());
      expect(await e.rows(`SELECT key FROM outbox_message WHERE key LIKE '${tag}:%' AND state <> 'sent'`)).toEqual([]);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  }, 60_000);

  it("settles only under the claim's lease; a lapsed lease gives the message to the next claim, a deferral costs no attempt", async () => {
    await queue(e, 1);
    const claims = e.claims();
    const [first] = await claims.claimDue({ channel: "email", now: 1_000, lease: "one", leaseMs: 100, limit: 5 });
    if (!first) throw new Error("nothing claimed");
    expect(first.attempts).toBe(1);
    expect(await claims.claimDue({ channel: "email", now: 1_050, lease: "two", leaseMs: 100, limit: 5 })).toEqual([]);
    const [again] = await claims.claimDue({ channel: "email", now: 1_200, lease: "two", leaseMs: 100, limit: 5 });
    expect([again?.key, again?.attempts]).toEqual([first.key, 2]);
    expect(await claims.sent({ id: first.id, lease: "one", at: new Date(0) })).toBe(false);
    expect(await claims.defer({ id: first.id, lease: "two", dueAt: 1_300 })).toBe(true);
    const [third] = await claims.claimDue({ channel: "email", now: 1_300, lease: "three", leaseMs: 100, limit: 5 });
    expect(third?.attempts).toBe(2);
    expect(await claims.dead({ id: first.id, lease: "three", error: "550 no such user" })).toBe(true);
    expect(await e.rows(`SELECT state, recipient, last_error FROM outbox_message WHERE id = ${first.id}`)).toEqual([{ state: "dead", recipient: null, last_error: "550 no such user" }]);
  });
});
