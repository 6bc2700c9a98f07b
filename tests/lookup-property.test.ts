import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseTarget } from "@/config/env";
import { openStore } from "@/db/open-store";
import type { Store } from "@/db/store/store";
import { readSeedIncident } from "@/db/seed/read";
import { importAffectedList } from "@/db/write/affected";
import { importRecord } from "@/db/write/record";
import { SLUG } from "./support/contract";
import { linksFor, lookupURL, newClient, postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

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
let store: Store;
let runs = 0;
beforeAll(() => {
  const target = databaseTarget(fileServer().databaseUrl);
  if (!target) throw new Error(`not a database URL: ${fileServer().databaseUrl}`);
  store = openStore(target, { max: 2, name: "aftermath-test" });
});
afterAll(() => store.close());

describe("the lookup over HTTP and the real database", () => {
  it("shows a tenant only its own rows, only what its proof covers, and without proof the same bytes for every account", async () => {
    await fc.assert(
      fc.asyncProperty(tenants, fc.array(fc.array(fc.nat(), { maxLength: 8 }), { minLength: 6, maxLength: 6 }), async (generated, choices) => {
        runs += 1;
        const slug = `property-${runs}`;
        const { record: seed } = readSeedIncident(SLUG);
        await importRecord({ store, actor: SYSTEM, input: { record: { ...seed, incident: { ...seed.incident, slug } } } });
        const suffix = runs.toString(16).padStart(6, "0");
        // One client per run, so the client's budget (30 a minute) is never what a run measures.
        const client = newClient();
        const accounts = generated.map((t) => ({ ...t, accountId: t.accountId + suffix }));
        const rows: Row[] = accounts.flatMap((t) => t.records.map((r) => ({ ...r, accountId: t.accountId })));
        const values = rows.map((r) => ({ account_id: r.accountId, request_id: r.requestId, occurred_at: r.occurredAt, prompt_tokens: r.promptTokens, role: r.role }));
        if (values.length) await importAffectedList({ store, actor: SYSTEM, slug, version: null, rows: { values }, secret: inject("lookupSecret") });

        const anonymous = async (accountId: string) => {
          const response = await fetch(lookupURL(slug), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify({ accountId }) });
          return `${response.status} ${await response.text()}`;
        };
        // Without proof: one answer, byte for byte, for affected, unaffected and unknown accounts.
        const reference = await anonymous("f".repeat(32));
        expect(reference).toMatch(values.length ? /^403 / : /^409 /);
        for (const t of [...accounts, { accountId: "e".repeat(26) + suffix }]) expect(await anonymous(t.accountId)).toBe(reference);
        if (!values.length) return;

        const links = await linksFor(slug, accounts.map((t) => t.accountId));
        for (const [i, tenant] of accounts.entries()) {
          const own = dedupe(rows.filter((r) => r.accountId === tenant.accountId));
          const key = (r: { requestId: string; role: string; occurredAt: string; promptTokens: number }) => `${r.requestId}|${r.role}|${r.occurredAt}|${r.promptTokens}`;
          type Answered = Omit<Row, "accountId" | "promptTokens"> & { measures: { prompt_tokens: number } };
          const seen = (body: Record<string, unknown>) => (body.rows as Answered[]).map((r) => key({ ...r, promptTokens: r.measures.prompt_tokens })).sort();

          // A link: all of the account's rows, and only them.
          const byLink = await postLookup(slug, { link: links[i] }, { client });
          expect(byLink.response.status).toBe(200);
          expect(seen(byLink.body)).toEqual(own.map(key).sort());
          expect(byLink.body.affectedRows).toBe(own.length);

          // Request ids: only the rows of the ids asked, and only the account's own.
          const asked = pick(rows.map((r) => r.requestId), choices[i] ?? []);
          if (!asked.length) continue;
          const byIds = await postLookup(slug, { accountId: tenant.accountId, requestIds: asked }, { client });
          expect(byIds.response.status).toBe(200);
          expect(seen(byIds.body)).toEqual(own.filter((r) => asked.includes(r.requestId)).map(key).sort());
          const ownIds = new Set(own.map((r) => r.requestId));
          expect(byIds.body.checkedRequestIds).toEqual(asked.map((requestId) => ({ requestId, affected: ownIds.has(requestId) })));
          expect(byIds.body).not.toHaveProperty("affectedRows");
        }
      }),
      { numRuns: 25 },
    );
  });
});

/** Some of the ids, by index (wrapping), without repeats: the request ids a tenant asks about. */
function pick(ids: string[], at: number[]): string[] {
  return ids.length ? [...new Set(at.map((n) => ids[n % ids.length] as string))] : [];
}

/** The table keeps one row per (account, request, role); a generated duplicate is the same row. */
function dedupe(rows: Row[]): Row[] {
  const seen = new Map<string, Row>();
  for (const r of rows) {
    const key = `${r.requestId}|${r.role}`;
    if (!seen.has(key)) seen.set(key, r);
  }
  return [...seen.values()];
}
