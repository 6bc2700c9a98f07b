import fs from "node:fs";
import Database from "better-sqlite3";
import { tenantKey } from "@/lib/tenant-key";

/** The importer's row insert. */
const INSERT = `INSERT INTO affected_response (list_id, tenant_key, request_id, occurred_at, m1, role)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/**
 * The baseline the importer is measured against: plain better-sqlite3, one transaction, one
 * prepared INSERT, tenantKey(secret, id) for every row (no memo), and the CSV read with a naive
 * split on "\n" and "," — no CSV parser, no validation, no normalisation beyond lower-casing the
 * account id (which the hash needs) and unquoting the request ids the fixture quotes.
 * Same pragmas as the importer's connection: WAL, synchronous=NORMAL, a 96 MiB page cache, no
 * automatic checkpoints during the import. It adds to the seeded live list: no list of its own.
 */
export async function baselineImport({
  file,
  dbFile,
  listId,
  secret,
}: {
  file: string;
  dbFile: string;
  listId: number;
  secret: string;
}): Promise<{ rows: number; added: number; elapsedMs: number }> {
  const started = performance.now();
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("synchronous = NORMAL");
    db.pragma("cache_size = -98304");
    db.pragma("wal_autocheckpoint = 0");
    const insert = db.prepare(INSERT);
    let rows = 0;
    let added = 0;
    let header = true;
    const row = (line: string) => {
      if (header) {
        header = false;
        return;
      }
      if (line === "") return;
      const [account = "", request = "", occurredAt, tokens, role] = line.split(",");
      const requestId = request.charCodeAt(0) === 34 /* " */ ? request.slice(1, -1) : request;
      added += insert.run(listId, tenantKey(secret, account.toLowerCase()), requestId, occurredAt, Number(tokens), role).changes;
      rows++;
    };
    db.exec("BEGIN IMMEDIATE");
    try {
      let rest = "";
      for await (const chunk of fs.createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 })) {
        const lines = (rest + (chunk as string)).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) row(line);
      }
      row(rest);
      db.exec("COMMIT");
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
    return { rows, added, elapsedMs: performance.now() - started };
  } finally {
    db.close();
  }
}
