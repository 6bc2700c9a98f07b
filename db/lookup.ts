import "server-only";
import type Database from "better-sqlite3";
import type { AffectedRole } from "@/domain/record/constants";
import type { Db } from "./client";

export type LookupQuery = {
  slug: string;
  /** The account's keyed hash (lib/tenant-key): the raw id never reaches this layer. */
  tenantKey: string;
  requestIds: string[];
};

export type LookupRequest = { requestId: string; occurredAt: string; promptTokens: number; role: AffectedRole };

export type LookupAnswer = {
  incident: string;
  affected: boolean;
  responses: number;
  byRole: Record<AffectedRole, number>;
  firstAt: string | null;
  lastAt: string | null;
  requests: LookupRequest[];
  checkedRequestIds: Array<{ requestId: string; affected: boolean }>;
  /** Said plainly when the list is a generated sample rather than the provider's. */
  sampleData: boolean;
};

/** The lookup's one query: by the account's keyed hash, nothing else (db/lookup.test.ts checks its plan). */
export const LOOKUP_ROWS_SQL = `SELECT request_id AS requestId, occurred_at AS occurredAt, prompt_tokens AS promptTokens, role
  FROM affected_response WHERE incident_id = ? AND tenant_key = ? ORDER BY occurred_at, request_id`;

type Statements = { incident: Database.Statement<[string]>; rows: Database.Statement<[number, string]> };
const statements = new WeakMap<Database.Database, Statements>();

function prepared(client: Database.Database): Statements {
  let s = statements.get(client);
  if (!s) {
    s = {
      incident: client.prepare("SELECT id, sample_note AS sampleNote FROM incident WHERE slug = ? AND published = 1"),
      rows: client.prepare(LOOKUP_ROWS_SQL),
    };
    statements.set(client, s);
  }
  return s;
}

/**
 * This account's affected responses and nothing else: the only query is by its own keyed hash.
 * An account we never heard of and one that was not affected get the same answer. Null: no such
 * published incident.
 */
export function lookupAffected(db: Db, query: LookupQuery): LookupAnswer | null {
  const s = prepared(db.$client);
  const found = s.incident.get(query.slug) as { id: number; sampleNote: string | null } | undefined;
  if (!found) return null;
  const requests = s.rows.all(found.id, query.tenantKey) as LookupRequest[];
  const byRole: Record<AffectedRole, number> = { recipient: 0, exposed: 0 };
  for (const r of requests) byRole[r.role] += 1;
  const mine = new Set(requests.map((r) => r.requestId));
  return {
    incident: query.slug,
    affected: requests.length > 0,
    responses: requests.length,
    byRole,
    firstAt: requests[0]?.occurredAt ?? null,
    lastAt: requests.at(-1)?.occurredAt ?? null,
    requests,
    checkedRequestIds: query.requestIds.map((requestId) => ({ requestId, affected: mine.has(requestId) })),
    sampleData: found.sampleNote !== null,
  };
}
