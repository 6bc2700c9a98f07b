import "server-only";
import type Database from "better-sqlite3";

// Compiling a statement costs as much as running a small one: the lists' reads, built from the
// address's filters, are compiled once per connection and text. The texts are few (the filters'
// combinations); the bound keeps a mistake from growing without end.
const MAX_KEPT = 256;
const kept = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The connection's compiled statement for this SQL text, compiled on first use. */
export function statement(client: Database.Database, sql: string): Database.Statement {
  const mine = kept.get(client) ?? new Map<string, Database.Statement>();
  kept.set(client, mine);
  const found = mine.get(sql);
  if (found) return found;
  const made = client.prepare(sql);
  if (mine.size >= MAX_KEPT) mine.delete(mine.keys().next().value ?? "");
  mine.set(sql, made);
  return made;
}
