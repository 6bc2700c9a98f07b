import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { event } from "@/domain/record/collections/events";
import { incident } from "@/domain/record/incident";
import { prepareDatabase } from "../prepare";
import { copyToPostgres } from "../pg/copy";
import { postgresStore } from "../pg/store";
import { auditEntry } from "../schema";
import { sqliteStore } from "./sqlite";
import type { Store } from "./store";
import { TEST_SECRET } from "@/tests/support/test-database";
import { testPostgres } from "@/tests/support/postgres";
import { DomainError } from "@/domain/errors";

// One data layer, two engines: the same drizzle queries and the same raw SQL, on the seed in a
// SQLite file and on its copy in a real PostgreSQL server, give the same answers; a write is all or
// nothing and never interleaves with another's, a read is one snapshot.
const SLUG = "glm-5-3-kv-cache-exposure";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-store-"));
const file = path.join(dir, "aftermath.db");
const pg = testPostgres();
let stores: [Store, Store] | undefined;

beforeAll(async () => {
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: TEST_SECRET }) });
  const source = new Database(file, { readonly: true });
  await copyToPostgres(source, pg.db);
  source.close();
  stores = [sqliteStore(file), postgresStore(pg.pool(6))];
}, 120_000);
afterAll(async () => {
  // PostgreSQL's pool is the kit's, which ends it.
  await stores?.[0].close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The same work on both engines: its answers, SQLite's first. */
async function onBoth<T>(work: (store: Store) => Promise<T>): Promise<[T, T]> {
  if (!stores) throw new Error("the stores open in beforeAll");
  return [await work(stores[0]), await work(stores[1])];
}

describe("a Store on SQLite and on PostgreSQL", () => {
  it("answers drizzle's queries alike: a row, rows in order with a join's filter, a count, raw SQL read by zod", async () => {
    const [sqlite, postgres] = await onBoth(async ({ q }) => ({
      row: await q.select().from(incident).where(eq(incident.slug, SLUG)).get(),
      events: await q
        .select({ key: event.key, at: event.at, title: event.title })
        .from(event)
        .innerJoin(incident, eq(event.incidentId, incident.id))
        .where(and(eq(incident.slug, SLUG), eq(incident.published, true)))
        // SQLite puts NULLs first, PostgreSQL last: a nullable key says where (docs/postgres.md).
        .orderBy(sql`${event.at} ASC NULLS FIRST`, asc(event.id))
        .all(),
      counted: await q.select({ n: count() }).from(event).get(),
      raw: await q.rows(z.object({ slug: z.string(), version: z.number().int() }), sql`SELECT slug, version FROM incident WHERE published = ${1} ORDER BY slug`),
    }));
    expect(sqlite.row?.published).toBe(true);
    expect(sqlite.events.length).toBeGreaterThan(5);
    expect(postgres).toEqual(sqlite);
  });

  it("makes a write all or nothing: rows it inserted are gone when its body fails", async () => {
    const [sqlite, postgres] = await onBoth(async (store) => {
      const before = await store.q.select({ n: count() }).from(auditEntry).get();
      await expect(
        store.write(async (tx) => {
          const [made] = await tx.insert(auditEntry).values({ actor: "test", action: "update", entity: "incident" }).returning({ id: auditEntry.id });
          expect(made?.id).toBeGreaterThan(0);
          throw new Error("the verb's check refused");
        }),
      ).rejects.toThrow("the verb's check refused");
      return { before, after: await store.q.select({ n: count() }).from(auditEntry).get() };
    });
    expect(sqlite.after).toEqual(sqlite.before);
    expect(postgres.after).toEqual(postgres.before);
  });

  it("loses no update when twenty writes read, await and write the same row at once", async () => {
    const bumps = await onBoth(async (store) => {
      const version = async () => (await store.q.select({ v: incident.version }).from(incident).where(eq(incident.slug, SLUG)).get())?.v ?? 0;
      const start = await version();
      const lock = store.engine === "postgres" ? sql` FOR UPDATE` : sql``;
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store.write(async (tx) => {
            const row = await tx.row(z.object({ version: z.number().int() }), sql`SELECT version FROM incident WHERE slug = ${SLUG}${lock}`);
            await new Promise((r) => setImmediate(r));
            return tx.update(incident).set({ version: (row?.version ?? 0) + 1 }).where(eq(incident.slug, SLUG)).run();
          }),
        ),
      );
      return (await version()) - start;
    });
    expect(bumps).toEqual([20, 20]);
  });

  it("reads one snapshot: a write committed while a read is open is not in it, and is in the next", async () => {
    const seen = await onBoth(async (store) => {
      const title = (q: Store["q"]) => q.select({ t: incident.title }).from(incident).where(eq(incident.slug, SLUG)).get();
      const old = await title(store.q);
      let begun = () => {};
      let written = () => {};
      const [readBegun, writeDone] = [new Promise<void>((r) => (begun = r)), new Promise<void>((r) => (written = r))];
      const reading = store.read(async (tx) => {
        const first = await title(tx);
        begun();
        await writeDone;
        return [first?.t === old?.t, (await title(tx))?.t === old?.t];
      });
      await readBegun;
      await store.write((w) => w.update(incident).set({ title: "Changed meanwhile" }).where(eq(incident.slug, SLUG)).run());
      written();
      const inRead = await reading;
      const after = await title(store.q);
      await store.write((w) => w.update(incident).set({ title: old?.t ?? "" }).where(eq(incident.slug, SLUG)).run());
      return [...inRead, after?.t];
    });
    expect(seen).toEqual([
      [true, true, "Changed meanwhile"],
      [true, true, "Changed meanwhile"],
    ]);
  });

  it("refuses a read or write begun inside a body, the store's own statements there, and a statement on a body's tx after it ended", async () => {
    const refusals = await onBoth(async (store) => {
      // drizzle wraps what its driver throws ("Failed query: …"), the refusal as its cause.
      const words = (e: unknown): string => (e instanceof Error ? `${e.message} ${words(e.cause)}` : "");
      const said = (work: () => Promise<unknown>) => work().then(() => "ran", words);
      let kept: Store["q"] | undefined;
      const inside = await store.write(async (tx) => {
        kept = tx;
        return [await said(() => store.write(async () => 1)), await said(() => store.read(async () => 1)), await said(() => store.q.select({ n: count() }).from(event).get())];
      });
      const after = await said(() => (kept ? kept.select({ n: count() }).from(event).get() : Promise.resolve()));
      return [...inside, after];
    });
    for (const engine of refusals) {
      expect(engine.slice(0, 2)).toEqual([expect.stringMatching(/began inside a write's body/), expect.stringMatching(/began inside a write's body/)]);
      expect(engine.slice(2)).toEqual([expect.stringMatching(/own statement ran inside a body/), expect.stringMatching(/had ended/)]);
    }
  });

  it("reads one statement with readOne, as read does, and refuses a second (it would see another snapshot) and a readOne inside a body", async () => {
    const events = (tx: Store["q"]) => tx.select({ n: count() }).from(event).get();
    const answers = await onBoth(async (store) => {
      const words = (e: unknown): string => (e instanceof Error ? `${e.message} ${words(e.cause)}` : "");
      const one = await store.readOne(events);
      const second = await store.readOne(async (tx) => [await events(tx), await events(tx)]).then(() => "ran", words);
      const nested = await store.read(() => store.readOne(events)).then(() => "ran", words);
      return { one, same: one?.n === (await store.read(events))?.n, second, nested };
    });
    for (const engine of answers) {
      expect(engine.one?.n).toBeGreaterThan(0);
      expect(engine.same).toBe(true);
      expect(engine.second).toMatch(/ran a second statement/);
      expect(engine.nested).toMatch(/began inside a read's body/);
    }
  });

  it("on PostgreSQL, never takes a body that swallowed a failed statement as saved (the transaction was aborted)", async () => {
    const store = stores?.[1];
    if (!store) throw new Error("the stores open in beforeAll");
    const before = await store.q.select({ n: count() }).from(auditEntry).get();
    const outcome = await store
      .write(async (tx) => {
        await tx.insert(auditEntry).values({ actor: "test", action: "update", entity: "incident" }).run();
        await tx.exec(sql`SELECT 1 / 0`).catch(() => 0);
        return "returned normally";
      })
      .catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
    expect(outcome).toMatch(/rolled it back; nothing was saved/);
    expect(await store.q.select({ n: count() }).from(auditEntry).get()).toEqual(before);
  });

  it("counts the rows a raw statement changed", async () => {
    const changed = await onBoth((store) => store.write((tx) => tx.exec(sql`UPDATE event SET detail = detail WHERE incident_id = (SELECT id FROM incident WHERE slug = ${SLUG})`)));
    expect(changed[0]).toBeGreaterThan(5);
    expect(changed[1]).toBe(changed[0]);
  });
});

describe("a text PostgreSQL cannot hold", () => {
  it("is the sender's to fix (invalid, 400), not a server error, and nothing of the write is kept", async () => {
    const postgres = stores?.[1];
    if (!postgres) throw new Error("the stores open in beforeAll");
    const title = async () => (await postgres.q.select({ t: incident.title }).from(incident).where(eq(incident.slug, SLUG)).get())?.t;
    const before = await title();
    const refused = await postgres.write((tx) => tx.update(incident).set({ title: "with a \u0000 in it" }).where(eq(incident.slug, SLUG)).run()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("invalid");
    expect(await title()).toBe(before);
  });
});
