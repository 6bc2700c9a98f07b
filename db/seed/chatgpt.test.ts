import { describe, expect, it } from "vitest";
import { readSeedIncident } from "./read";
import { recordTexts } from "./record-texts";

// The ChatGPT incident of 20 March 2023 against the sources read for it: OpenAI's postmortem of
// 24 March 2023 [0] and the redis-py issues and pull requests [1]–[4]. Each address is one the
// postmortem or the pull request was read at; nothing else is stored.
const { record, sample } = readSeedIncident("chatgpt-redis-py-cross-user-exposure");
const texts = recordTexts(record);

const SOURCES: Record<number, { publisher: string; publishedOn: string; url: string }> = {
  0: { publisher: "OpenAI", publishedOn: "2023-03-24", url: "https://openai.com/blog/march-20-chatgpt-outage" },
  1: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-17", url: "https://github.com/redis/redis-py/issues/2624" },
  2: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-22", url: "https://github.com/redis/redis-py/pull/2641" },
  3: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-25", url: "https://github.com/redis/redis-py/issues/2665" },
  4: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-26", url: "https://github.com/redis/redis-py/pull/2666" },
};

// "At 1 a.m. Pacific time on Monday, March 20"; "between 1 a.m. and 10 a.m. Pacific time" (PDT, UTC−7).
const TIMELINE: Array<[key: string, at: string, precision: string, cites: number[]]> = [
  ["redis-py-issue-reported", "2023-03-17", "day", [1]],
  ["cancellation-spike", "2023-03-20T08:00Z", "minute", [0]],
  ["exposure-begins", "2023-03-20T08:00Z", "minute", [0]],
  ["exposure-ends", "2023-03-20T17:00Z", "minute", [0]],
  ["chatgpt-offline", "2023-03-20", "day", [0]],
  ["redis-py-first-fix", "2023-03-22", "day", [2]],
  ["postmortem-published", "2023-03-24", "day", [0]],
  ["redis-py-issue-reopened", "2023-03-25", "day", [3]],
  ["redis-py-cancel-fix", "2023-03-26", "day", [4]],
];

describe("the ChatGPT incident of 20 March 2023 says what its sources say", () => {
  it.each(Object.entries(SOURCES))("source [%s] is the one read, at the address it was read at", (n, expected) => {
    const s = record.sources.find((x) => x.number === Number(n));
    expect({ publisher: s?.publisher, publishedOn: s?.publishedOn, url: s?.url }).toEqual(expected);
  });

  it("has no source but those, and says which parts of the postmortem were read in a copy", () => {
    expect(record.sources.map((s) => s.number)).toEqual([0, 1, 2, 3, 4]);
    expect(record.sources[0]?.note).toMatch(/stored copy/);
  });

  it.each(TIMELINE)("has the event %s at %s (%s), citing %j", (key, at, precision, cites) => {
    const e = record.events.find((x) => x.key === key);
    expect({ at: e?.at, precision: e?.precision, cites: e?.cites }).toEqual({ at, precision, cites });
  });

  it("labels every time converted from Pacific time as Aftermath's conversion", () => {
    for (const e of record.events.filter((x) => x.precision === "minute")) expect(e.detail, e.key).toMatch(/Aftermath's conversion/);
  });

  it("gives the postmortem's figures in its words", () => {
    expect(record.figures.map((f) => f.value)).toEqual(["1.2%", "nine hours", "last four digits (only)"]);
    expect(record.incident.impact).toMatch(/Full credit card numbers were not exposed at any time/);
    expect(record.incident.impact).toMatch(/extremely low; it gives no count/);
  });

  it("keeps the post's certainty and owners: whose data, which fields where, what is only possible, whose word the fix is", () => {
    // The 1.2% are the subscribers whose own information may have been visible, not viewers of others'.
    expect(record.incident.summary).toMatch(/payment-related information of 1\.2% of the ChatGPT Plus subscribers/);
    // The misaddressed emails carried the card type and last four digits only.
    expect(record.incident.impact).toMatch(/emails sent to the wrong users, which contained the credit card type and last four digits/);
    expect(record.incident.impact).toMatch(/it is also possible that the first message/);
    expect(record.context.find((c) => /Asyncio redis-py client/.test(c.statement))?.statement).toMatch(/^OpenAI says .*"has now been fixed"/);
    expect(record.events.find((e) => e.key === "redis-py-cancel-fix")?.detail).toMatch(/Nothing read here says whether it closed the bug/);
  });

  it("has the nine-hour window as OpenAI's count, of the payment information only", () => {
    const window = record.durations.find((d) => d.role === "exposure");
    expect(window).toMatchObject({ kind: "interval", from: "exposure-begins", to: "exposure-ends", countedBy: "OpenAI" });
    expect(window?.note).toMatch(/payment-related information only/);
  });

  it("ships no affected list, not even a sample, and says none is published", () => {
    expect(sample).toBeNull();
    expect(record.context.some((c) => /publishes a list or a count of affected users/.test(c.statement))).toBe(true);
  });

  it("does not call it an attack, which no source read does", () => {
    expect(record.incident.isAttack).toBeNull();
    expect(texts.filter(([, t]) => /\battack(ed|er)?\b/i.test(t)).map(([w]) => w)).toEqual(["incident.attackNote"]);
  });

  it("lists as done only the actions the postmortem says were taken", () => {
    expect(record.recommendations.every((r) => r.audience === "provider" && r.status === "done" && r.cites.join() === "0")).toBe(true);
    expect(record.recommendations).toHaveLength(7);
  });
});
