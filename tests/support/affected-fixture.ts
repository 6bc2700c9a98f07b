import fs from "node:fs";
import { once } from "node:events";
/** The columns of a row of GLM-5.3's list (its shape in seed/), the incident these fixtures import into. */
const AFFECTED_CSV_HEADER = ["account_id", "request_id", "occurred_at", "prompt_tokens", "role"] as const;
import { prng } from "@/lib/prng";

/**
 * Large affected-response files for tests and benchmarks, written as a stream so that a
 * million-row file never sits in memory. Deterministic for a given seed.
 */

export type FixtureRow = {
  account_id: string;
  request_id: string;
  occurred_at: string;
  prompt_tokens: string;
  role: string;
};

export type FixtureOptions = {
  rows: number;
  seed?: number;
  /** How many distinct accounts the rows are spread over. */
  accounts?: number;
  /** Replaces the last row's fields (to plant a bad row at the very end). */
  lastRow?: Partial<FixtureRow>;
  /** Prompt lengths are spread evenly from 1 to this many tokens. */
  maxPromptTokens?: number;
};


function hex(random: () => number, length: number): string {
  let out = "";
  while (out.length < length) out += (Math.floor(random() * 0x100000000) >>> 0).toString(16).padStart(8, "0");
  return out.slice(0, length);
}

const COLOS = ["AMS", "FRA", "IAD", "SJC", "NRT", "SIN", "LHR", "CDG", "ORD", "GRU"];
const ZONES = ["Z", "+02:00", "-05:00", "+05:30"];
const START = Date.parse("2026-08-27T00:00:00Z");

/** Yields `rows` plausible, valid rows (request ids unique), the last one overridden by `lastRow`. */
export function* fixtureRows({ rows, seed = 1, accounts = 5_000, lastRow, maxPromptTokens = 1_000_000 }: FixtureOptions): Generator<FixtureRow> {
  const random = prng(seed);
  const ids = Array.from({ length: accounts }, () => hex(random, 32));
  for (let i = 0; i < rows; i++) {
    const account = ids[Math.floor(random() * ids.length)] as string;
    const zone = ZONES[i % ZONES.length] as string;
    const at = new Date(START + Math.floor(random() * 1_000_000_000)).toISOString();
    const row: FixtureRow = {
      // Some ids upper-cased: the import lower-cases them before hashing.
      account_id: i % 7 === 0 ? account.toUpperCase() : account,
      request_id: `${hex(random, 16)}-${i.toString(36).padStart(6, "0")}-${COLOS[i % COLOS.length]}`,
      occurred_at: zone === "Z" ? at : at.replace(/\.\d+Z$/, `.${String(i % 1000).padStart(3, "0")}${zone}`),
      prompt_tokens: String(1 + Math.floor(random() * maxPromptTokens)),
      role: random() < 0.8 ? "recipient" : "exposed",
    };
    yield i === rows - 1 && lastRow ? { ...row, ...lastRow } : row;
  }
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

async function writeLines(file: string, lines: Iterable<string>): Promise<{ bytes: number }> {
  const out = fs.createWriteStream(file);
  const closed = once(out, "close");
  let batch = "";
  let i = 0;
  for (const line of lines) {
    batch += line;
    if (++i % 2_000 === 0) {
      if (!out.write(batch)) await once(out, "drain");
      batch = "";
    }
  }
  out.end(batch);
  await closed;
  return { bytes: fs.statSync(file).size };
}

/** Writes a CSV with the expected header; every 11th request id is quoted although it need not be. */
export function writeFixtureCsv(file: string, options: FixtureOptions): Promise<{ bytes: number }> {
  return writeLines(file, csvLines(options));
}

function* csvLines(options: FixtureOptions): Generator<string> {
  yield AFFECTED_CSV_HEADER.join(",") + "\n";
  let i = 0;
  for (const row of fixtureRows(options)) {
    const request = i++ % 11 === 0 ? `"${row.request_id}"` : csvField(row.request_id);
    yield `${csvField(row.account_id)},${request},${csvField(row.occurred_at)},${csvField(row.prompt_tokens)},${csvField(row.role)}\n`;
  }
}
