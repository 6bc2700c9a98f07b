import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "./store/store";

// What the two engines write differently, in one place (docs/postgres.md): a call site asks for
// the meaning, never tests the engine. A nullable sort key says NULLS FIRST/LAST itself (both read it).

/**
 * Takes a row's lock for the rest of the write before its version is checked: PostgreSQL's writes
 * run side by side under READ COMMITTED; SQLite's already go one at a time, so there it does nothing.
 */
export async function lockRow(tx: Tx, table: "incident" | "affected_list" | "user" | "subscriber", id: number): Promise<void> {
  if (tx.native.engine === "postgres") await tx.exec(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id} FOR UPDATE`);
}

/** The larger of two values (SQLite's scalar max, PostgreSQL's GREATEST). */
export const greatest = (tx: Tx, a: SQL, b: SQL): SQL => (tx.native.engine === "postgres" ? sql`GREATEST(${a}, ${b})` : sql`max(${a}, ${b})`);

/** The smaller of two values. */
export const least = (tx: Tx, a: SQL, b: SQL): SQL => (tx.native.engine === "postgres" ? sql`LEAST(${a}, ${b})` : sql`min(${a}, ${b})`);

/** A group's texts joined by a separator. */
export const joined = (tx: Tx, text: SQL, separator: string): SQL => (tx.native.engine === "postgres" ? sql`string_agg(${text}, ${separator})` : sql`group_concat(${text}, ${separator})`);

/** A JSON text with one top-level key set to a text (SQLite's json_set, PostgreSQL's jsonb_set: the same document, its keys perhaps reordered). */
export const jsonWithText = (tx: Tx, json: SQL, key: string, text: SQL): SQL =>
  tx.native.engine === "postgres" ? sql`CAST(jsonb_set(CAST(${json} AS jsonb), ${`{${key}}`}, to_jsonb(CAST(${text} AS text))) AS text)` : sql`json_set(${json}, ${`$.${key}`}, ${text})`;

/** One top-level key of a JSON text, as text. */
export const jsonText = (tx: Tx, json: SQL, key: string): SQL => (tx.native.engine === "postgres" ? sql`(CAST(${json} AS jsonb) ->> CAST(${key} AS text))` : sql`json_extract(${json}, ${`$.${key}`})`);

/**
 * The record's generation (db/generation.ts) as a value inside a statement, so rows and the version
 * they belong to come from one read: SQLite's newest audit id, PostgreSQL's commit-ordered counter
 * (migration 0003), the same numbers \`store.generation()\` gives.
 */
export const generationNow = (tx: Tx): SQL =>
  tx.native.engine === "postgres" ? sql`(SELECT n FROM aftermath_generation WHERE id = 1)` : sql`(SELECT coalesce(max(id), 0) FROM audit_entry)`;

/** Names the index a table is read through (SQLite's INDEXED BY: another plan is an error); PostgreSQL has no such clause, and plans itself. */
export const indexedBy = (tx: Tx, index: string): SQL => (tx.native.engine === "postgres" ? sql`` : sql`INDEXED BY ${sql.identifier(index)}`);

/** Whether a failed statement broke a unique index (SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505). */
export const isUniqueViolation = (error: unknown): boolean => {
  // drizzle wraps the engine's error ("Failed query: …"), which is then its cause.
  if (error instanceof Error && error.cause instanceof Error) return isUniqueViolation(error.cause);
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
};

/** Which database a body reads, as a name (its SQLite file; its PostgreSQL server and database): what a memo of the record's rows is kept apart by. */
export function databaseName(tx: Tx): string {
  const { native } = tx;
  if (native.engine === "sqlite") return `sqlite:${native.client.name}`;
  // A body's own connection knows where it is; the pool (a store's `q`), what it was opened with.
  if ("release" in native.client) return `postgres://${native.client.host}:${native.client.port}/${native.client.database ?? ""}`;
  const { connectionString, host, port, database } = native.client.options;
  return connectionString ?? `postgres://${host ?? ""}:${port ?? ""}/${database ?? ""}`;
}

/**
 * What a statement that broke a foreign key, a unique index or a check says of it, or null for any
 * other failure: SQLite's message ("UNIQUE constraint failed: event.incident_id, event.key"),
 * PostgreSQL's SQLSTATE (23503, 23505, 23514) and the constraint's name.
 */
export function brokenConstraint(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  // drizzle says which query failed, the engine's own error its cause.
  if (error.cause instanceof Error) return brokenConstraint(error.cause);
  const code = "code" in error ? error.code : undefined;
  if (code === "23503" || code === "23505" || code === "23514") return `constraint failed ${"constraint" in error && typeof error.constraint === "string" ? error.constraint : ""}`.trim();
  return /FOREIGN KEY|UNIQUE|CHECK/.test(error.message) ? error.message.replace(/^.*constraint failed: ?/i, "constraint failed ") : null;
}
