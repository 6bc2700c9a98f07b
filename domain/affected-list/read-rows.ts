import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse as parseCsv } from "csv-parse";
import { jsonParser } from "stream-json/parser.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import { affectedRowOf, columnsOf, type ShapedRow } from "@/domain/record/affected-row";
import type { AffectedShape } from "@/domain/record/affected-shape";
import { ImportInputError, RowProblem, csvSyntaxError, describeIssues } from "./errors";
import { type ImportFormat, type ImportSource, openFrom, sniff } from "./source";

// Reads an affected list (CSV with a header, or a JSON array) row by row, checking each with the
// row schema of its incident's shape. The first bad row stops it; its error names the line and field, never a value.

export type ImportProgress = { bytesRead: number; totalBytes: number; rows: number };
/** A row's work; when it returns a promise (a batch being written), the file is read on once it settles. */
type OnRow = (row: ShapedRow) => void | Promise<void>;
type WriteRow = (input: unknown, where: () => string) => void | Promise<void>;
type Done = (error?: Error | null) => void;

/** Tells the stream a row is done: at once, or once the work it began has ended. */
function settle(pending: void | Promise<void>, done: Done): void {
  if (!pending) return done();
  pending.then(
    () => done(),
    (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
  );
}

/** Feeds every row of `source`, checked, to `onRow` as it is read; the stream waits while onRow works. */
export async function readAffectedRows(
  source: ImportSource,
  shape: AffectedShape,
  onRow: OnRow,
  onProgress?: (progress: ImportProgress) => void,
): Promise<{ format: ImportFormat; rowsRead: number }> {
  const { format, start, first } = await sniff(source);
  const columns = columnsOf(shape);
  if (format === "json" && start !== null && first !== "[") {
    throw new ImportInputError(`a JSON file must hold one array of rows: [{${columns.map((c) => `"${c}": …`).join(", ")}}, …]`);
  }
  const rowSchema = affectedRowOf(shape);
  let rowsRead = 0;
  if (start === null) return { format, rowsRead };
  // What onRow's own work failed with (the database's): passed on as it is, never taken for the file's fault.
  let failed: { error: unknown } | undefined;
  const writeRow: WriteRow = (input, where) => {
    const parsed = rowSchema.safeParse(input);
    if (!parsed.success) throw new RowProblem(where(), describeIssues(parsed.error.issues, columns));
    const pending = onRow(parsed.data);
    rowsRead++;
    return pending?.catch((error: unknown) => {
      failed = { error };
      throw error;
    });
  };
  let bytesRead = start;
  const stream = openFrom(source, start);
  stream.on("data", (chunk: Buffer) => {
    bytesRead += chunk.length;
    onProgress?.({ bytesRead, totalBytes: source.bytes, rows: rowsRead });
  });
  try {
    if (format === "csv") await readCsv(stream, columns, writeRow);
    else await readJson(stream, writeRow, source, start);
  } catch (error) {
    if (failed) throw failed.error;
    throw error;
  } finally {
    stream.destroy();
  }
  onProgress?.({ bytesRead, totalBytes: source.bytes, rows: rowsRead });
  return { format, rowsRead };
}

const FIRST_ROW = Symbol("first row");

/**
 * Whether `source` holds no row, read only as far as the first (which is checked like any other):
 * an import asks this before it writes anything, so an empty list changes nothing at all.
 */
export async function holdsNoRows(source: ImportSource, shape: AffectedShape): Promise<{ format: ImportFormat; empty: boolean }> {
  const { format } = await sniff(source);
  try {
    await readAffectedRows(source, shape, () => {
      throw FIRST_ROW;
    });
    return { format, empty: true };
  } catch (error) {
    if (error === FIRST_ROW) return { format, empty: false };
    throw error;
  }
}

/** Rows given as values (the seed's generated sample), checked like a file's. */
export function readRowValues(rows: readonly unknown[], shape: AffectedShape, onRow: (row: ShapedRow) => void): { rowsRead: number } {
  const rowSchema = affectedRowOf(shape);
  rows.forEach((input, i) => {
    const parsed = rowSchema.safeParse(input);
    if (!parsed.success) throw new RowProblem(`row ${i + 1}`, describeIssues(parsed.error.issues, columnsOf(shape)));
    onRow(parsed.data);
  });
  return { rowsRead: rows.length };
}

/**
 * csv-parse hands over each record as it parses it (the sink is synchronous, so nothing queues up
 * between them) and the lines are counted here: every line, blank ones included, becomes a record.
 * That keeps the parser on its fast path and the first bad row the one reported.
 */
async function readCsv(source: Readable, columns: string[], writeRow: WriteRow): Promise<void> {
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
          checkHeader(record, columns);
        } else if (record.length === 1 && record[0]?.trim() === "") {
          // A blank line.
        } else if (record.length !== columns.length) {
          throw new ImportInputError(`line ${line}: expected ${columns.length} fields, found ${record.length}`);
        } else {
          return settle(writeRow(Object.fromEntries(columns.map((c, i) => [c, record[i]])), () => `line ${line}`), done);
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

async function readJson(source: Readable, writeRow: WriteRow, file: ImportSource, start: number): Promise<void> {
  let badRow: { index: number; error: unknown } | undefined;
  const sink = new Writable({
    objectMode: true,
    write: ({ key, value }: { key: number; value: unknown }, _encoding, done) => {
      try {
        settle(writeRow(value, () => `array index ${key}`), done);
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
async function locateInJson(file: ImportSource, start: number, item: number | null): Promise<number | null> {
  const feed = jsonParser({ streamValues: false });
  const stream = openFrom(file, start).setEncoding("utf8");
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

function checkHeader(record: string[], columns: string[]): void {
  const expected = columns.join(",");
  const column = columns.findIndex((name, i) => i < record.length && record[i] !== name);
  if (column === -1 && record.length === columns.length) return;
  // Name only the expected column: a file without a header has a raw account id where it should be.
  const why =
    column === -1
      ? `found ${record.length} columns`
      : `column ${column + 1} should be ${columns[column]}`;
  throw new ImportInputError(`line 1: the header must be exactly ${expected} (${why})`);
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

