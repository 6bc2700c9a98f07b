import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { CoveredRows, LookupRequest } from "@/domain/lookup";
import { type AffectedShape, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import { generationNow, indexedBy } from "@/db/dialect";
import type { Engine, Tx } from "@/db/store/store";
import { REQUEST_ID_INDEX } from "@/db/schema/affected-response";

/**
 * An incident as the lookup sees it. "none": no list has been published; "counts-only": the record
 * carries its counts but not the list, so no account can be checked. Only "published" can answer.
 */
export type LookupIncident =
  | { id: number; slug: string; shape: AffectedShape; list: "none" | "counts-only" }
  | { id: number; slug: string; shape: AffectedShape; list: "published"; listId: number; sample: boolean };
export type PublishedList = Extract<LookupIncident, { list: "published" }>;

/** What a lookup may cover: the whole of one account's record (its owner proved it), or some of its request ids. */
export type Covered = { kind: "account"; tenantKey: string } | { kind: "request-ids"; tenantKey: string; requestIds: string[] };

// Each rows query also reads the record's generation (db/dialect.ts: SQLite's newest audit id,
// PostgreSQL's counter) in the same statement, so one read says both what the rows are and which
// record they belong to. An account with no row gets one row of the generation alone, from the same
// statement (its own snapshot: store.readOne), and each side keeps its index's order.
const COLUMNS = sql`request_id AS "requestId", occurred_at AS "occurredAt", m1, m2, m3, m4, role, classes`;
// A nullable sort key says where nulls go: first, as SQLite has always put them.
const ORDER = sql.raw(` ORDER BY "occurredAt" NULLS FIRST, "requestId"`);

type Heads = { rows: SQL; some: SQL; none: SQL; noneOfSome: SQL };
const heads = new Map<Engine, Heads>();
const dialect = new SQLiteAsyncDialect();

/**
 * The statements' fixed text in this engine's words, written once: a lookup, a hot path, then only
 * adds its parameters (writing the whole statement each time cost about 10 µs a lookup).
 */
function headsOf(tx: Tx): Heads {
  const found = heads.get(tx.native.engine);
  if (found) return found;
  const text = (query: SQL) => {
    const { sql: written, params } = dialect.sqlToQuery(query);
    if (params.length) throw new Error("a statement's fixed text holds no parameter");
    return sql.raw(written);
  };
  const select = sql`SELECT ${generationNow(tx)} AS "generation", ${COLUMNS} FROM affected_response`;
  const none = sql` UNION ALL SELECT ${generationNow(tx)}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM affected_response`;
  const indexed = indexedBy(tx, REQUEST_ID_INDEX);
  const made: Heads = {
    rows: text(sql`${select} WHERE list_id = `),
    some: text(sql`${select} ${indexed} WHERE list_id = `),
    none: text(sql`${none} WHERE list_id = `),
    noneOfSome: text(sql`${none} ${indexed} WHERE list_id = `),
  };
  heads.set(tx.native.engine, made);
  return made;
}

/** An account's rows, by its keyed hash in the live list, nothing else (lookup/rows.test.ts checks the plan). */
export const lookupRowsSql = (tx: Tx, listId: number, key: string): SQL => {
  const h = headsOf(tx);
  return sql`${h.rows}${listId} AND tenant_key = ${key}${h.none}${listId} AND tenant_key = ${key})${ORDER}`;
};

/**
 * The same account's rows with the given request ids (distinct): one seek per asked id on (list,
 * account, id), so the work is the ids' and their matches', never the account's other rows (a timing
 * difference is an answer). On SQLite INDEXED BY makes a change of that plan an error. Each id is a
 * parameter of its own, so the statement's text is the same for every lookup of as many ids.
 */
export const requestRowsSql = (tx: Tx, listId: number, key: string, ids: readonly string[]): SQL => {
  const h = headsOf(tx);
  const asked = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${h.some}${listId} AND tenant_key = ${key} AND request_id IN (${asked})${h.noneOfSome}${listId} AND tenant_key = ${key} AND request_id IN (${asked}))${ORDER}`;
};

const found = z.object({
  id: z.number().int(),
  shape: z.string().nullable(),
  listId: z.number().int().nullable(),
  sample: z.number().int().nullable(),
  rows: z.number().int().nullable(),
});
const measure = z.number().int().nullable();
const rowRead = z.object({
  generation: z.number().int(),
  requestId: z.string(),
  occurredAt: z.string().nullable(),
  m1: measure,
  m2: measure,
  m3: measure,
  m4: measure,
  role: z.string(),
  classes: z.number().int(),
});
/** The row a rows query adds when it found none: the generation alone. */
const noRow = z.object({ generation: z.number().int(), requestId: z.null() });
const rowOrNone = z.union([rowRead, noRow]);

/** The rows of a rows query, and the generation it read them at. */
async function readRows(tx: Tx, shape: AffectedShape, query: SQL): Promise<{ requests: LookupRequest[]; generation: number }> {
  const read = await tx.rows(rowOrNone, query);
  const first = read[0];
  if (!first) throw new Error("a rows query gave no row: it always gives the generation");
  const generation = first.generation;
  const requests = read.flatMap((r): LookupRequest[] => {
    if (r.requestId === null) return [];
    const { requestId, occurredAt, m1, m2, m3, m4, role, classes } = r;
    const values = [m1, m2, m3, m4];
    return [{
      requestId: shape.requestIds ? requestId : null,
      occurredAt,
      measures: Object.fromEntries(shape.measures.flatMap((m, i) => (values[i] == null ? [] : [[m.key, values[i]]]))),
      role,
      dataClasses: shape.dataClasses.filter((_, i) => (classes >> i) & 1).map((d) => d.key),
    }];
  });
  return { requests, generation };
}

/** The published incident of this slug and its live list; null when there is no such published incident. */
export async function lookupIncident(tx: Tx, slug: string): Promise<LookupIncident | null> {
  const row = await tx.row(
    found,
    sql`SELECT i.id AS "id", i.affected_shape AS "shape", l.id AS "listId", l.sample AS "sample", l.rows AS "rows" FROM incident i
  LEFT JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live' WHERE i.slug = ${slug} AND i.published = 1`,
  );
  if (row === undefined) return null;
  const shape = storedShape(row.shape) ?? PLAIN_SHAPE;
  if (row.listId === null) return { id: row.id, slug, shape, list: "none" };
  if (!row.rows) return { id: row.id, slug, shape, list: "counts-only" };
  return { id: row.id, slug, shape, list: "published", listId: row.listId, sample: row.sample === 1 };
}

/**
 * What the proof covers and nothing else: every query is by the account's own keyed hash, and for
 * request ids only those ids. An account we never heard of and one that was not affected get the
 * same answer. One statement (store.readOne), so the rows and their generation are one snapshot.
 */
export async function lookupAffected(tx: Tx, list: PublishedList, covered: Covered): Promise<{ rows: CoveredRows; generation: number }> {
  const common = { incident: list.slug, list: "published" as const, sampleData: list.sample };
  if (covered.kind === "request-ids") {
    const asked = [...new Set(covered.requestIds)];
    const { requests, generation } = await readRows(tx, list.shape, requestRowsSql(tx, list.listId, covered.tenantKey, asked));
    const mine = new Set(requests.map((r) => r.requestId));
    const checkedRequestIds = covered.requestIds.map((requestId) => ({ requestId, affected: mine.has(requestId) }));
    return { rows: { ...common, covers: "request-ids", checkedRequestIds, rows: requests }, generation };
  }
  const { requests, generation } = await readRows(tx, list.shape, lookupRowsSql(tx, list.listId, covered.tenantKey));
  const byRole: Record<string, number> = Object.fromEntries(list.shape.roles.map((r) => [r.key, 0]));
  for (const r of requests) byRole[r.role] = (byRole[r.role] ?? 0) + 1;
  return { generation, rows: {
    ...common,
    covers: "account",
    affected: requests.length > 0,
    affectedRows: requests.length,
    byRole,
    firstAt: requests[0]?.occurredAt ?? null,
    lastAt: requests.at(-1)?.occurredAt ?? null,
    rows: requests,
  } };
}
