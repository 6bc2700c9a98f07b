import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Db, openDatabase } from "@/db/client";
import { readSeedIncident } from "@/db/seed/read";
import { importAffectedList } from "@/db/write/affected";
import { importRecord } from "@/db/write/record";
import { SLUG } from "./support/contract";
import { postLookup } from "./support/lookup";

type Row = { accountId: string; requestId: string; occurredAt: string; promptTokens: number; role: "recipient" | "exposed" };

// 26 random hex digits; each run appends its own 6, so no account is looked up in two runs and the
// per-account rate limit never comes into play.
const hex26 = fc.stringMatching(/^[0-9a-f]{26}$/);
const requestId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,20}$/);
const record = fc.record({
  requestId,
  occurredAt: fc.integer({ min: Date.parse("2026-08-27T00:00:00Z"), max: Date.parse("2026-09-09T13:59:59Z") }).map((t) => new Date(t).toISOString()),
  promptTokens: fc.integer({ min: 1, max: 2_000_000 }),
  role: fc.constantFrom("recipient" as const, "exposed" as const),
});
// Tenants share request ids on purpose: the same id under two accounts must still stay apart.
const tenants = fc.uniqueArray(fc.record({ accountId: hex26, records: fc.array(record, { maxLength: 6 }) }), {
  minLength: 1,
  maxLength: 6,
  selector: (t) => t.accountId,
});

const SYSTEM = { kind: "system", name: "lookup-property-test" } as const;
let db: Db;
let runs = 0;
beforeAll(() => {
  db = openDatabase(inject("databasePath"));
});
afterAll(() => db.$client.close());

describe("the lookup over HTTP and the real database", () => {
  it("returns every tenant exactly its own rows and no row of another", async () => {
    await fc.assert(
      fc.asyncProperty(tenants, async (generated) => {
        runs += 1;
        const slug = `property-${runs}`;
        const { record: seed } = readSeedIncident(SLUG);
        importRecord({ db, actor: SYSTEM, input: { record: { ...seed, incident: { ...seed.incident, slug } } } });
        const suffix = runs.toString(16).padStart(6, "0");
        const accounts = generated.map((t) => ({ ...t, accountId: t.accountId + suffix }));
        const rows: Row[] = accounts.flatMap((t) => t.records.map((r) => ({ ...r, accountId: t.accountId })));
        const values = rows.map((r) => ({ account_id: r.accountId, request_id: r.requestId, occurred_at: r.occurredAt, prompt_tokens: r.promptTokens, role: r.role }));
        if (values.length) await importAffectedList({ db, actor: SYSTEM, slug, version: null, rows: { values }, secret: inject("lookupSecret") });

        for (const tenant of accounts) {
          const own = dedupe(rows.filter((r) => r.accountId === tenant.accountId));
          const others = rows.filter((r) => r.accountId !== tenant.accountId).map((r) => r.requestId);
          const { response, body } = await postLookup(slug, { accountId: tenant.accountId, requestIds: others.slice(0, 100) });
          // With no row at all, no list was published: the lookup says it cannot answer.
          expect(response.status).toBe(values.length ? 200 : 409);
          if (!values.length) continue;
          const got = (body.requests as Array<Omit<Row, "accountId">>).map((r) => `${r.requestId}|${r.role}|${r.occurredAt}|${r.promptTokens}`);
          expect(got.sort()).toEqual(own.map((r) => `${r.requestId}|${r.role}|${r.occurredAt}|${r.promptTokens}`).sort());
          expect(body.responses).toBe(own.length);
          const ownIds = new Set(own.map((r) => r.requestId));
          for (const checked of body.checkedRequestIds as Array<{ requestId: string; affected: boolean }>) {
            expect(checked.affected).toBe(ownIds.has(checked.requestId));
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});

/** The table keeps one row per (account, request, role); a generated duplicate is the same row. */
function dedupe(rows: Row[]): Row[] {
  const seen = new Map<string, Row>();
  for (const r of rows) {
    const key = `${r.requestId}|${r.role}`;
    if (!seen.has(key)) seen.set(key, r);
  }
  return [...seen.values()];
}
