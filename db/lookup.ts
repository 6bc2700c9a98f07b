import "server-only";
import type Database from "better-sqlite3";
import { z } from "zod";
import { AFFECTED_ROLES, type AffectedRole } from "@/domain/record/constants";
import type { Db } from "./client";

export type LookupQuery = {
  slug: string;
  /** The account's keyed hash (lib/tenant-key): the raw id never reaches this layer. */
  tenantKey: string;
  requestIds: string[];
};

export type LookupRequest = { requestId: string; occurredAt: string; promptTokens: number; role: AffectedRole };

/**
 * What a lookup can say. "none": no list has been published for the incident; "counts-only": the
 * record carries its counts but not the list, so no account can be checked here. Only "list" says
 * whether an account was affected.
 */
export type LookupAnswer =
  | { incident: string; list: "none" | "counts-only" }
  | {
      incident: string;
      list: "published";
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

/** The lookup's one query: by the account's keyed hash in the live list, nothing else (db/lookup.test.ts checks its plan). */
export const LOOKUP_ROWS_SQL = `SELECT request_id AS requestId, occurred_at AS occurredAt, prompt_tokens AS promptTokens, role
  FROM affected_response WHERE list_id = ? AND tenant_key = ? ORDER BY occurred_at, request_id`;

const INCIDENT_SQL = `SELECT l.id AS listId, l.sample AS sample, l.rows AS rows FROM incident i
  LEFT JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live' WHERE i.slug = ? AND i.published = 1`;

const found = z.strictObject({ listId: z.number().int().nullable(), sample: z.number().int().nullable(), rows: z.number().int().nullable() });
const requestRow = z.strictObject({ requestId: z.string(), occurredAt: z.string(), promptTokens: z.number().int(), role: z.enum(AFFECTED_ROLES) });

type Statements = { incident: Database.Statement<[string]>; rows: Database.Statement<[number, string]> };
const statements = new WeakMap<Database.Database, Statements>();

function prepared(client: Database.Database): Statements {
  let s = statements.get(client);
  if (!s) {
    s = { incident: client.prepare(INCIDENT_SQL), rows: client.prepare(LOOKUP_ROWS_SQL) };
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
  const raw = s.incident.get(query.slug);
  if (raw === undefined) return null;
  const list = found.parse(raw);
  if (list.listId === null) return { incident: query.slug, list: "none" };
  if (!list.rows) return { incident: query.slug, list: "counts-only" };
  const requests = z.array(requestRow).parse(s.rows.all(list.listId, query.tenantKey));
  const byRole: Record<AffectedRole, number> = { recipient: 0, exposed: 0 };
  for (const r of requests) byRole[r.role] += 1;
  const mine = new Set(requests.map((r) => r.requestId));
  return {
    incident: query.slug,
    list: "published",
    affected: requests.length > 0,
    responses: requests.length,
    byRole,
    firstAt: requests[0]?.occurredAt ?? null,
    lastAt: requests.at(-1)?.occurredAt ?? null,
    requests,
    checkedRequestIds: query.requestIds.map((requestId) => ({ requestId, affected: mine.has(requestId) })),
    sampleData: list.sample === 1,
  };
}
