import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import { generateSample, sampleAccountIds, type SampleRow, type SampleSpec } from "@/lib/sample-list";
import { readSeedIncident } from "./read";

const SLUG = "glm-5-3-kv-cache-exposure";
const { record, sample: spec } = readSeedIncident(SLUG);

// The article's reference list, as the Russian original gives it (it carries the authors of [2], [7] and [11]).
const REFERENCES: Record<number, { publisher: string; publishedOn: string; title: string; author: string | null }> = {
  1: {
    publisher: "unite.ai",
    publishedOn: "2026-10-26",
    title: "Cloudflare Says GLM-5.3 Bug Leaked 155 Responses Across Tenant Sessions",
    author: "Miles Okada",
  },
  2: {
    publisher: "BigGo Finance",
    publishedOn: "2026-10-27",
    title:
      "Cloudflare Confirms AI Platform Data Leak: 155 Responses Mixed With Other Users' Requests, Ultra-Long Contexts Blamed — BigGo Finance",
    author: "BigGo Finance",
  },
  3: {
    publisher: "Cloudflare",
    publishedOn: "2026-10-26",
    title: "Cross-request KV cache exposure in the GLM-5.3 Workers AI model (155 responses)",
    author: null,
  },
  4: {
    publisher: "LLMLearner",
    publishedOn: "2026-09-05",
    title: "GLM-5.3 Benchmark Results Analysis & Model Comparisons",
    author: null,
  },
  5: {
    publisher: "explainx.ai",
    publishedOn: "2026-06-29",
    title: "GLM-5.3 Vision: Zhipu Community Wishlist Explained",
    author: "Yash Thakker",
  },
  6: {
    publisher: "Turing Post",
    publishedOn: "2024-05-04",
    title: "Zhipu AI (Z.ai): Founders, GLM Models, and Hong Kong IPO",
    author: "Ksenia Se",
  },
  7: {
    publisher: "Tech AI Wire",
    publishedOn: "2026-08-31",
    title: "GLM-5.3 weights ship under a custom license and need eight ...",
    author: "Tech AI Wire Team",
  },
  8: {
    publisher: "NIST",
    publishedOn: "2026-09-17",
    title: "CAISI’s Assessment of Z.ai’s GLM-5.3 Cyber Capabilities",
    author: null,
  },
  9: {
    publisher: "lmsys.org",
    publishedOn: "2026-10-26",
    title: "SGLang security update: improving request isolation - LMSYS Org",
    author: null,
  },
  10: {
    publisher: "Emergent",
    publishedOn: "2026-08-20",
    title: "GLM 5.3 Review: What the AI Community Is Actually Saying",
    author: null,
  },
  11: {
    publisher: "LLM Stats",
    publishedOn: "2026-08-14",
    title: "GLM-5.3 vs Kimi K3: Benchmarks, Pricing & Which Is Better in 2026",
    author: "LLM Stats",
  },
  12: {
    publisher: "Cloudflare",
    publishedOn: "2026-03-19",
    title: "Powering the agents: Workers AI now runs large models, starting with Kimi K2.5",
    author: "Michelle Chen",
  },
};

// The article's timeline: when, at what precision, and the sources it is cited to: the article [0]
// first, then the reference facts.md names as its likely source (facts.md's one row for 26 Oct,
// [0][3][9], is two events here: Cloudflare's report [0][3] and LMSYS's update [0][9]).
const TIMELINE: Array<[key: string, at: string | null, precision: string, cites: number[]]> = [
  ["glm-family-begins", "2021-12", "month", [0, 6]],
  // Reference [6] is dated May 2024, before the rebrand: it cannot support it.
  ["zai-rebrand", "2025-07", "month", [0]],
  // Known only from the article's reference list, which is part of the article.
  ["workers-ai-large-models", "2026-03-19", "day", [0, 12]],
  ["sglang-warning", "2026-07-06", "day", [0, 9]],
  // The article dates the launch itself and credits the rest to Z.ai's model card, not to reference [11].
  ["glm-5-3-launch", "2026-08-14", "day", [0]],
  ["leak-begins", "2026-08-27", "day", [0, 3]],
  ["weights-published", "2026-08-31", "day", [0, 7]],
  ["researcher-report", "2026-09-08", "day", [0, 3]],
  ["investigation-begins", "2026-09-09T08:00Z", "minute", [0, 3]],
  ["incident-declared", "2026-09-09T13:22Z", "minute", [0, 3]],
  ["model-offline", "2026-09-09T14:00Z", "minute", [0, 3]],
  ["sglang-informed", "2026-09-09", "day", [0, 3, 9]],
  ["model-restored", "2026-09-09T19:40Z", "minute", [0, 3]],
  ["leak-ends", "2026-09-09", "day", [0, 3]],
  ["caisi-assessment", "2026-09-17", "day", [0, 8]],
  ["cloudflare-report", "2026-10-26", "day", [0, 3]],
  ["lmsys-sglang-update", "2026-10-26", "day", [0, 9]],
  ["article-updated", "2026-10-27", "day", [0]],
  ["researcher-report-expected", null, "none", [0]],
];

describe("the shipped seed", () => {
  it("is the incident it says it is", () => {
    expect(record.incident.slug).toBe(SLUG);
    expect(record.incident.title).toBe("GLM-5.3 cross-tenant KV-cache exposure on Workers AI");
    // "Not an attack" is the article's own view, not an established fact: the note gives it as such.
    expect(record.incident.isAttack).toBeNull();
  });

  it("has sources 0..12 and nothing else", () => {
    expect(record.sources.map((s) => s.number).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each(Object.entries(REFERENCES))("source [%s] is the article's reference, word for word", (n, expected) => {
    const found = record.sources.find((s) => s.number === Number(n));
    expect(found).toBeDefined();
    expect({ publisher: found?.publisher, publishedOn: found?.publishedOn, title: found?.title, author: found?.author }).toEqual(
      expected,
    );
  });

  it("stores no URL the article does not give", () => {
    expect(record.sources.filter((s) => s.url !== null).map((s) => s.number)).toEqual([]);
  });

  it.each(TIMELINE)("has the timeline event %s at %s (%s)", (key, at, precision, cites) => {
    const event = record.events.find((e) => e.key === key);
    expect(event, `event ${key}`).toBeDefined();
    expect({ at: event?.at, precision: event?.precision }).toEqual({ at, precision });
    expect([...(event?.cites ?? [])].sort((a, b) => a - b)).toEqual(cites);
  });

  it("keeps the two counts of the outage, and says which contests which", () => {
    const outage = record.durations.find((d) => d.key === "outage");
    expect(outage).toMatchObject({ kind: "interval", from: "model-offline", to: "model-restored", contests: null });
    const stated = record.durations.filter((d) => d.kind === "stated" && d.contests === "outage");
    expect(stated).toHaveLength(1);
    expect(stated[0]).toMatchObject({ statedMinutes: 20 * 60, approximate: true });
    expect(stated[0]?.countedBy).toBeTruthy();
    expect(stated[0]?.method).toBeTruthy();
  });

  it("lists the article's figures", () => {
    expect(record.figures.map((f) => f.value)).toEqual(
      expect.arrayContaining(["155", "1,048,576", "128K", "2.04 million", "14:00–19:40 UTC", "1"]),
    );
  });

  it("marks as thresholds the prompt lengths its chart compares with, as its figures give them", () => {
    expect(record.figures.filter((f) => f.threshold !== null).map((f) => [f.value, f.threshold])).toEqual([
      ["1,048,576", 1_048_576],
      ["681,280", 681_280],
      ["2.04 million", 2_040_000],
    ]);
  });

  it("names its exposure window and its outage by role, and titles its context section", () => {
    expect(record.durations.filter((d) => d.role !== null).map((d) => [d.key, d.role])).toEqual([
      ["outage", "outage"],
      ["exposure-window", "exposure"],
      ["detection", "detection"],
      ["report-to-declaration", "declaration"],
      ["fix-to-report", "report"],
    ]);
    expect(record.incident.contextTitle).toBe("The model");
  });
});

// The article's numbers, written out here rather than read from sample.json, so a wrong spec fails.
const RESPONSES = 155;
const MIN_TOKENS_EXCLUSIVE = 681_280;
const MAX_TOKENS = 1_048_576;
const WINDOW_START = Date.parse("2026-08-27T00:00:00Z");
const WINDOW_END = Date.parse("2026-09-09T14:00:00Z");

function shippedSpec(): SampleSpec {
  if (!spec) throw new Error(`${SLUG} ships no sample.json`);
  return spec;
}
const UNAFFECTED_SAMPLE_ACCOUNT = sampleAccountIds(shippedSpec(), shippedSpec().accounts + 1).at(-1);

/** Every way a sample can disagree with the published facts; empty when it agrees. */
function disagreements(rows: SampleRow[]): string[] {
  const problems: string[] = [];
  if (rows.length !== RESPONSES) problems.push(`${rows.length} rows, not ${RESPONSES}`);
  for (const r of rows) {
    const tokens = r.prompt_tokens;
    if (typeof tokens !== "number" || !Number.isInteger(tokens) || tokens <= MIN_TOKENS_EXCLUSIVE || tokens > MAX_TOKENS) {
      problems.push(`${r.request_id}: ${r.prompt_tokens} prompt tokens`);
    }
    const at = Date.parse(r.occurred_at);
    if (!(at >= WINDOW_START && at < WINDOW_END)) problems.push(`${r.request_id}: at ${r.occurred_at}`);
    if (!/^[0-9a-f]{32}$/.test(r.account_id)) problems.push(`${r.request_id}: account id ${r.account_id}`);
    if (!(AFFECTED_ROLES as readonly string[]).includes(r.role)) problems.push(`${r.request_id}: role ${r.role}`);
    if (r.account_id === UNAFFECTED_SAMPLE_ACCOUNT) problems.push(`${r.request_id}: the "unaffected" account`);
  }
  if (new Set(rows.map((r) => r.request_id)).size !== rows.length) problems.push("request ids repeat");
  const accounts = new Set(rows.map((r) => r.account_id)).size;
  if (accounts < 20 || accounts > 60) problems.push(`${accounts} distinct accounts`);
  return problems;
}

describe("the generated sample of affected responses", () => {
  const sample = generateSample(shippedSpec());

  it("agrees with every published fact", () => {
    expect(disagreements(sample)).toEqual([]);
    expect(sample).toHaveLength(155);
  });

  it("is the same on every call", () => {
    expect(generateSample(shippedSpec())).toEqual(sample);
  });

  it("never names the account kept for the not-affected case", () => {
    expect(UNAFFECTED_SAMPLE_ACCOUNT).toMatch(/^[0-9a-f]{32}$/);
    expect(sample.some((r) => r.account_id === UNAFFECTED_SAMPLE_ACCOUNT)).toBe(false);
  });

  it("agrees with the facts for any seed", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(disagreements(generateSample({ ...shippedSpec(), seed }))).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
