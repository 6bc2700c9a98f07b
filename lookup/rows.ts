import "server-only";
import type Database from "better-sqlite3";
import { z } from "zod";
import type { CoveredRows, LookupRequest } from "@/domain/lookup";
import { type AffectedShape, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import type { Db } from "@/db/client";
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

// Each rows query also reads the record's generation (the newest audit entry's id) in the same
// statement, so one read says both what the rows are and which record they belong to. An account
// with no row gets the generation from a statement of its own.
// Read as arrays (better-sqlite3's raw mode), in this order: a lookup under load spends less making them than objects.
const GENERATION = "(SELECT coalesce(max(id), 0) FROM audit_entry)";
const COLUMNS = `${GENERATION}, request_id, occurred_at, m1, m2, m3, m4, role, classes`;
/** An account's rows, by its keyed hash in the live list, nothing else (lookup/rows.test.ts checks the plan). */
export const LOOKUP_ROWS_SQL = `SELECT ${COLUMNS} FROM affected_response WHERE list_id = ? AND tenant_key = ? ORDER BY occurred_at, request_id`;
/**
 * The same account's rows with the given request ids (a JSON array of distinct ids): one seek per
 * asked id on (list, account, id), so the work is the ids' and their matches', never the account's
 * other rows (a timing difference is an answer). INDEXED BY makes a change of that plan an error.
 */
export const REQUEST_ROWS_SQL = `SELECT ${GENERATION}, r.request_id, r.occurred_at, r.m1, r.m2, r.m3, r.m4, r.role, r.classes
  FROM json_each(?) AS asked CROSS JOIN affected_response AS r INDEXED BY ${REQUEST_ID_INDEX}
  WHERE r.list_id = ? AND r.tenant_key = ? AND r.request_id = asked.value ORDER BY r.occurred_at, r.request_id`;
const GENERATION_SQL = `SELECT ${GENERATION}`;
const INCIDENT_SQL = `SELECT i.id AS id, i.affected_shape AS shape, l.id AS listId, l.sample AS sample, l.rows AS rows FROM incident i
  LEFT JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live' WHERE i.slug = ? AND i.published = 1`;

const found = z.strictObject({
  id: z.number().int(),
  shape: z.string().nullable(),
  listId: z.number().int().nullable(),
  sample: z.number().int().nullable(),
  rows: z.number().int().nullable(),
});
const measure = z.number().int().nullable();
const rowsRead = z.array(z.tuple([z.number().int(), z.string(), z.string().nullable(), measure, measure, measure, measure, z.string(), z.number().int()]));
const generationRead = z.number().int();

/** The rows of a rows query, and the generation it read them at. */
function readRows(s: Statements, shape: AffectedShape, raw: unknown[]): { requests: LookupRequest[]; generation: number } {
  const read = rowsRead.parse(raw);
  const first = read[0];
  const generation = first ? first[0] : generationRead.parse(s.generation.get());
  const requests = read.map(([, requestId, occurredAt, m1, m2, m3, m4, role, classes]): LookupRequest => {
    const values = [m1, m2, m3, m4];
    return {
      requestId: shape.requestIds ? requestId : null,
      occurredAt,
      measures: Object.fromEntries(shape.measures.flatMap((m, i) => (values[i] == null ? [] : [[m.key, values[i]]]))),
      role,
      dataClasses: shape.dataClasses.filter((_, i) => (classes >> i) & 1).map((d) => d.key),
    };
  });
  return { requests, generation };
}

type Statements = {
  incident: Database.Statement<[string]>;
  rows: Database.Statement<[number, string]>;
  some: Database.Statement<[string, number, string]>;
  generation: Database.Statement<[]>;
};
const statements = new WeakMap<Database.Database, Statements>();

function prepared(client: Database.Database): Statements {
  let s = statements.get(client);
  if (!s) {
    s = {
      incident: client.prepare(INCIDENT_SQL),
      rows: client.prepare<[number, string]>(LOOKUP_ROWS_SQL).raw(),
      some: client.prepare<[string, number, string]>(REQUEST_ROWS_SQL).raw(),
      generation: client.prepare<[]>(GENERATION_SQL).pluck(),
    };
    statements.set(client, s);
  }
  return s;
}

/** The published incident of this slug and its live list; null when there is no such published incident. */
export function lookupIncident(db: Db, slug: string): LookupIncident | null {
  const raw = prepared(db.$client).incident.get(slug);
  if (raw === undefined) return null;
  const row = found.parse(raw);
  const shape = storedShape(row.shape) ?? PLAIN_SHAPE;
  if (row.listId === null) return { id: row.id, slug, shape, list: "none" };
  if (!row.rows) return { id: row.id, slug, shape, list: "counts-only" };
  return { id: row.id, slug, shape, list: "published", listId: row.listId, sample: row.sample === 1 };
}

/**
 * What the proof covers and nothing else: every query is by the account's own keyed hash, and for
 * request ids only those ids. An account we never heard of and one that was not affected get the
 * same answer.
 */
export function lookupAffected(db: Db, list: PublishedList, covered: Covered): { rows: CoveredRows; generation: number } {
  const s = prepared(db.$client);
  const common = { incident: list.slug, list: "published" as const, sampleData: list.sample };
  if (covered.kind === "request-ids") {
    const asked = JSON.stringify([...new Set(covered.requestIds)]);
    const { requests, generation } = readRows(s, list.shape, s.some.all(asked, list.listId, covered.tenantKey));
    const mine = new Set(requests.map((r) => r.requestId));
    const checkedRequestIds = covered.requestIds.map((requestId) => ({ requestId, affected: mine.has(requestId) }));
    return { rows: { ...common, covers: "request-ids", checkedRequestIds, rows: requests }, generation };
  }
  const { requests, generation } = readRows(s, list.shape, s.rows.all(list.listId, covered.tenantKey));
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
