import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse as parseCsv } from "csv-parse";
import { asc, eq } from "drizzle-orm";
import { jsonParser } from "stream-json/parser.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import type { z } from "zod";
import { AFFECTED_CSV_HEADER, affectedRow } from "@/domain/record/affected";
import { tenantKey } from "@/lib/tenant-key";
import type { Db } from "./client";
import { incident } from "./schema";

export type ImportFormat = "csv" | "json";

export type ImportReport = {
  incidentSlug: string;
  file: string;
  format: ImportFormat;
  /** Size of the file in bytes. */
  bytes: number;
  /** Valid rows read from the file (all of them: the import is all or nothing). */
  rowsRead: number;
  added: number;
  /** Rows the table already had, or that came earlier in the same file. */
  alreadyPresent: number;
  /** With `replace`: how many rows of the incident's previous list were removed; otherwise null. */
  removed: number | null;
  /** True when the file held no rows; then nothing was changed, even with `replace`. */
  empty: boolean;
  elapsedMs: number;
};

export type ImportProgress = { bytesRead: number; totalBytes: number; rows: number };

export type ImportOptions = {
  db: Db;
  incidentSlug: string;
  file: string;
  /** Remove the incident's current list first, in the same transaction. */
  replace?: boolean;
  /** The lookup secret the account ids are hashed under. */
  secret: string;
  /** Called as the file is read (once per chunk, about every 64 KiB) and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Called synchronously inside the import's transaction just before COMMIT, only when the import
   * added or replaced rows: whatever it writes on `db` lands with the rows or not at all (throwing
   * rolls the whole import back). `report` holds the counts so far (elapsedMs not yet set).
   */
  onCommit?: (db: Db, report: Readonly<ImportReport>) => void;
};

/** The slug names no incident; `known` lists the ones there are. */
export class UnknownIncidentError extends Error {
  constructor(
    readonly slug: string,
    readonly known: string[],
  ) {
    super(`no incident "${slug}"; known incidents: ${known.length > 0 ? known.join(", ") : "(none)"}`);
    this.name = "UnknownIncidentError";
  }
}

/** The file cannot be imported as it is (bad row, header or syntax). The message never holds a field's value. */
export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportInputError";
  }
}

/** A row that fails `affectedRow`: `detail` names the field(s) and zod's message(s). */
class RowProblem extends ImportInputError {
  constructor(
    where: string,
    readonly detail: string,
  ) {
    super(`${where}, ${detail}`);
  }
}

const INSERT = `INSERT INTO affected_response (incident_id, tenant_key, request_id, occurred_at, prompt_tokens, role)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;
const READ_CHUNK = 64 * 1024;
/**
 * Page cache for the import, in KiB (SQLite's default is 2 MiB). The unique index takes rows in
 * random order; a bigger cache halves the time of a million-row import and stays bounded.
 */
const IMPORT_CACHE_KIB = 96 * 1024;
/** Distinct account ids whose tenant key is remembered during one import. */
const TENANT_KEY_MEMO = 20_000;

/**
 * Imports an affected-response list (CSV or a JSON array) into one incident, all or nothing: one
 * transaction on `db`'s connection, which must not be in a transaction already and which nothing
 * else may use until the returned promise settles. Streams the file: memory does not grow with it.
 * Rows already present (same account, request and role) are counted, not added again.
 */
export async function importAffected({
  db,
  incidentSlug,
  file,
  replace = false,
  secret,
  onProgress,
  onCommit,
}: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const client = db.$client;
  if (client.inTransaction) throw new Error("importAffected needs a connection with no open transaction");

  const found = db.select({ id: incident.id }).from(incident).where(eq(incident.slug, incidentSlug)).get();
  if (!found) {
    const known = db.select({ slug: incident.slug }).from(incident).orderBy(asc(incident.slug)).all();
    throw new UnknownIncidentError(incidentSlug, known.map((k) => k.slug));
  }
  const incidentId = found.id;

  const { format, bytes, start, first } = await sniff(file);
  if (format === "json" && start !== null && first !== "[") {
    throw new ImportInputError('a JSON file must hold one array of rows: [{"account_id": …, "request_id": …}, …]');
  }
  const report: ImportReport = {
    incidentSlug,
    file,
    format,
    bytes,
    rowsRead: 0,
    added: 0,
    alreadyPresent: 0,
    removed: replace ? 0 : null,
    empty: true,
    elapsedMs: 0,
  };
  const finish = () => ({ ...report, elapsedMs: performance.now() - started });
  if (start === null) return finish();

  const insert = client.prepare(INSERT);
  const keyOf = memoize(TENANT_KEY_MEMO, (accountId: string) => tenantKey(secret, accountId));
  const writeRow = (input: unknown, where: () => string) => {
    const parsed = affectedRow.safeParse(input);
    if (!parsed.success) throw new RowProblem(where(), describeIssues(parsed.error.issues));
    const row = parsed.data;
    const { changes } = insert.run(
      incidentId,
      keyOf(row.account_id),
      row.request_id,
      row.occurred_at,
      row.prompt_tokens,
      row.role,
    );
    report.rowsRead++;
    report.added += changes;
  };

  let bytesRead = start;
  let source: fs.ReadStream | undefined;
  const cacheSize = client.pragma("cache_size", { simple: true }) as number;
  client.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
  try {
    client.exec("BEGIN IMMEDIATE");
    if (replace) {
      report.removed = client.prepare("DELETE FROM affected_response WHERE incident_id = ?").run(incidentId).changes;
    }
    source = fs.createReadStream(file, { start, highWaterMark: READ_CHUNK });
    source.on("data", (chunk) => {
      bytesRead += chunk.length;
      onProgress?.({ bytesRead, totalBytes: bytes, rows: report.rowsRead });
    });
    if (format === "csv") await readCsv(source, writeRow);
    else await readJson(source, writeRow, file, start);
    onProgress?.({ bytesRead, totalBytes: bytes, rows: report.rowsRead });
    report.alreadyPresent = report.rowsRead - report.added;
    if (report.rowsRead === 0) {
      // Only a header, or []: nothing to import, and --replace must not empty the list by accident.
      client.exec("ROLLBACK");
      if (replace) report.removed = 0;
      return finish();
    }
    if (onCommit && (report.added > 0 || replace)) onCommit(db, { ...report, empty: false });
    client.exec("COMMIT");
  } catch (error) {
    source?.destroy();
    if (client.inTransaction) client.exec("ROLLBACK");
    throw error;
  } finally {
    client.pragma(`cache_size = ${cacheSize}`);
  }
  report.empty = false;
  return finish();
}

type WriteRow = (input: unknown, where: () => string) => void;

/**
 * csv-parse hands over each record as it parses it (the sink is synchronous, so nothing queues up
 * between them) and the lines are counted here: every line, blank ones included, becomes a record.
 * That keeps the parser on its fast path and the first bad row the one reported.
 */
async function readCsv(source: fs.ReadStream, writeRow: WriteRow): Promise<void> {
  let nextLine = 1;
  let header = true;
  const sink = new Writable({
    objectMode: true,
    write: (record: string[], _encoding, done) => {
      try {
        const line = nextLine;
        nextLine += 1 + countLineBreaks(record);
        if (header) {
          header = false;
          checkHeader(record);
        } else if (record.length === 1 && record[0]?.trim() === "") {
          // A blank line.
        } else if (record.length !== AFFECTED_CSV_HEADER.length) {
          throw new ImportInputError(`line ${line}: expected ${AFFECTED_CSV_HEADER.length} fields, found ${record.length}`);
        } else {
          const [account_id, request_id, occurred_at, prompt_tokens, role] = record;
          writeRow({ account_id, request_id, occurred_at, prompt_tokens, role }, () => `line ${line}`);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(source, parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: false }), sink);
  } catch (error) {
    throw error instanceof CsvError ? csvSyntaxError(error) : error;
  }
}

async function readJson(source: fs.ReadStream, writeRow: WriteRow, file: string, start: number): Promise<void> {
  let badRow: { index: number; error: unknown } | undefined;
  const sink = new Writable({
    objectMode: true,
    write: ({ key, value }: { key: number; value: unknown }, _encoding, done) => {
      try {
        writeRow(value, () => `array index ${key}`);
        done();
      } catch (error) {
        badRow = { index: key, error };
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(source, streamArray.withParserAsStream({ streamValues: false }), sink);
  } catch (error) {
    // stream-json gives no positions: find the line by reading the file again, now that it failed.
    if (badRow && error === badRow.error) {
      if (!(error instanceof RowProblem)) throw error;
      const line = await locateInJson(file, start, badRow.index);
      throw new ImportInputError(`array index ${badRow.index}${line ? ` (line ${line})` : ""}, ${error.detail}`);
    }
    if (!(error instanceof Error) || isSystemError(error)) throw error;
    // The tokenizer's messages ("Parser cannot parse input: expected ','") quote no values.
    const line = await locateInJson(file, start, null);
    throw new ImportInputError(`${line ? `line ${line}` : "at the end of the file"}: not valid JSON (${error.message})`);
  }
}

/**
 * Error path only: feeds the file to stream-json's tokenizer again, a line at a time, and returns
 * the line where array item `item` starts or, with `item` null, where the tokenizer fails.
 */
async function locateInJson(file: string, start: number, item: number | null): Promise<number | null> {
  const feed = jsonParser({ streamValues: false });
  const stream = fs.createReadStream(file, { start, encoding: "utf8", highWaterMark: READ_CHUNK });
  let line = 1;
  let depth = 0;
  let items = 0;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      for (let from = 0; from < chunk.length; ) {
        const newline = chunk.indexOf("\n", from);
        const to = newline === -1 ? chunk.length : newline + 1;
        let out;
        try {
          out = feed(chunk.slice(from, to));
        } catch {
          return item === null ? line : null;
        }
        for (const token of typeof out === "object" ? out.values : []) {
          if (token.name === "endObject" || token.name === "endArray") depth--;
          else if (token.name !== "keyValue") {
            if (depth === 1 && items++ === item) return line;
            if (token.name === "startObject" || token.name === "startArray") depth++;
          }
        }
        if (newline !== -1) line++;
        from = to;
      }
    }
  } finally {
    stream.destroy();
  }
  return null;
}

function checkHeader(record: string[]): void {
  const expected = AFFECTED_CSV_HEADER.join(",");
  const column = AFFECTED_CSV_HEADER.findIndex((name, i) => i < record.length && record[i] !== name);
  if (column === -1 && record.length === AFFECTED_CSV_HEADER.length) return;
  // Name only the expected column: a file without a header has a raw account id where it should be.
  const why =
    column === -1
      ? `found ${record.length} columns`
      : `column ${column + 1} should be ${AFFECTED_CSV_HEADER[column]}`;
  throw new ImportInputError(`line 1: the header must be exactly ${expected} (${why})`);
}

/** csv-parse's messages can quote a field's value (an account id); keep the code, line and column only. */
function csvSyntaxError(error: CsvError): ImportInputError {
  const info = error as CsvError & { lines?: number; column?: number | string | null };
  const line = typeof info.lines === "number" ? `line ${info.lines}: ` : "";
  const field = typeof info.column === "number" ? ` in column ${info.column + 1}` : "";
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return new ImportInputError(`${line}a quote inside an unquoted field${field} (quote the whole field and double the quote)`);
    case "CSV_INVALID_CLOSING_QUOTE":
      return new ImportInputError(`${line}a closing quote followed by something other than a comma or line end${field}`);
    case "CSV_QUOTE_NOT_CLOSED":
      return new ImportInputError(`${line}a quoted field is never closed`);
    case "CSV_MAX_RECORD_SIZE":
      return new ImportInputError(`${line}a row longer than 128,000 characters (an unclosed quote?)`);
    default:
      return new ImportInputError(`${line}unreadable CSV (${error.code})`);
  }
}

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_ -]{0,39}$/;
const ACCOUNT_LIKE = /[0-9a-fA-F]{32}/;

/** "field prompt_tokens: prompt_tokens must be at least 1", for each problem of the row. */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const names = issue.keys.map((k) => (SAFE_KEY.test(k) && !ACCOUNT_LIKE.test(k) ? k : "(not shown)"));
        return `unknown field${names.length > 1 ? "s" : ""} ${names.join(", ")} (the fields are ${AFFECTED_CSV_HEADER.join(", ")})`;
      }
      const field = issue.path.map(String).join(".");
      return field ? `field ${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** `fn` remembering up to `limit` results (then it starts afresh): bounded memory. */
function memoize(limit: number, fn: (key: string) => string): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= limit) memo.clear();
      value = fn(key);
      memo.set(key, value);
    }
    return value;
  };
}

/** Line breaks inside the record's (quoted) fields. */
function countLineBreaks(record: string[]): number {
  let n = 0;
  for (const field of record) {
    if (field.includes("\n") || field.includes("\r")) n += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return n;
}

function isSystemError(error: Error): boolean {
  return typeof (error as NodeJS.ErrnoException).code === "string" && "syscall" in error;
}

/**
 * The format (by extension, else '[' as the first non-space byte means JSON), the size, where the
 * content starts after a UTF-8 BOM and its first non-space byte; `start` is null when the file
 * holds nothing but blanks.
 */
async function sniff(
  file: string,
): Promise<{ format: ImportFormat; bytes: number; start: number | null; first: string | null }> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(64 * 1024);
    let offset = 0;
    let bom = 0;
    let first: number | null = null;
    while (first === null && offset < size) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) break;
      let i = 0;
      if (offset === 0 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) bom = i = 3;
      for (; i < bytesRead; i++) {
        const byte = buffer[i];
        if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
          first = byte ?? null;
          break;
        }
      }
      offset += bytesRead;
    }
    const extension = path.extname(file).toLowerCase();
    const format: ImportFormat =
      extension === ".csv" ? "csv" : extension === ".json" ? "json" : first === 0x5b /* [ */ ? "json" : "csv";
    return {
      format,
      bytes: size,
      start: first === null ? null : bom,
      first: first === null ? null : String.fromCharCode(first),
    };
  } finally {
    await handle.close();
  }
}
