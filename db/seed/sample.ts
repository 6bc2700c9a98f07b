import type { AffectedRole } from "@/domain/record/constants";
import { prng } from "@/lib/prng";

/**
 * The affected list is not public, so the shipped incident carries a generated sample that agrees
 * with every published fact. Deterministic: the same rows on every machine, so tests and the
 * README can name sample accounts.
 */
export const SAMPLE_FACTS = {
  responses: 155,
  tenants: 36,
  minPromptTokensExclusive: 681_280,
  maxPromptTokens: 1_048_576,
  windowStart: Date.parse("2026-08-27T00:00:00Z"),
  windowEnd: Date.parse("2026-09-09T14:00:00Z"),
} as const;

export type SampleRow = {
  accountId: string;
  requestId: string;
  occurredAt: string;
  promptTokens: number;
  role: AffectedRole;
};


const COLOS = ["AMS", "FRA", "IAD", "SJC", "NRT", "SIN", "LHR", "CDG", "ORD", "GRU"] as const;

function hex(random: () => number, length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Account ids in Cloudflare's form (32 hex digits), the first `tenants` of which appear in the sample. */
export function sampleAccountIds(count: number = SAMPLE_FACTS.tenants, seed = 20260827): string[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => hex(random, 32));
}

/** An account id from the same generator that is in no sample row: "not affected". */
export const UNAFFECTED_SAMPLE_ACCOUNT = sampleAccountIds(SAMPLE_FACTS.tenants + 1).at(-1) as string;

export function generateSample(seed = 155): SampleRow[] {
  const random = prng(seed);
  const accounts = sampleAccountIds();
  const span = SAMPLE_FACTS.windowEnd - SAMPLE_FACTS.windowStart;
  const minTokens = SAMPLE_FACTS.minPromptTokensExclusive + 1;
  const tokenRange = SAMPLE_FACTS.maxPromptTokens - minTokens + 1;
  const rows: SampleRow[] = [];
  const requestIds = new Set<string>();
  while (rows.length < SAMPLE_FACTS.responses) {
    // Every account gets at least one row, then a few heavy users get most of the rest.
    const accountId = rows.length < accounts.length ? accounts[rows.length] : pick(random, accounts.slice(0, 12));
    const requestId = `${hex(random, 16)}-${pick(random, COLOS)}`;
    if (!accountId || requestIds.has(requestId)) continue;
    requestIds.add(requestId);
    // Whole seconds, strictly inside the window.
    const at = SAMPLE_FACTS.windowStart + Math.floor(random() * (span / 1000)) * 1000;
    rows.push({
      accountId,
      requestId,
      occurredAt: new Date(at).toISOString(),
      promptTokens: minTokens + Math.floor(random() ** 1.6 * tokenRange),
      role: random() < 0.78 ? "recipient" : "exposed",
    });
  }
  return rows.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
}
