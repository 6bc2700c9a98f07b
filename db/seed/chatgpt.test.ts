import { describe, expect, it } from "vitest";
import { readSeedIncident } from "./read";
import { recordTexts } from "./record-texts";

// The ChatGPT incident of 20 March 2023 against the sources read for it: OpenAI's postmortem of
// 24 March 2023 [0], the redis-py issues and pull requests [1]–[4] and the commit that merged
// #2666 [5]. Each address is one the postmortem or the thread was read at, or (for [5]) the
// commit's own, read in a copy of the repository; nothing else is stored.
const { record, sample } = readSeedIncident("chatgpt-redis-py-cross-user-exposure");
const texts = recordTexts(record);

const SOURCES: Record<number, { publisher: string; publishedOn: string; url: string }> = {
  0: { publisher: "OpenAI", publishedOn: "2023-03-24", url: "https://openai.com/blog/march-20-chatgpt-outage" },
  1: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-17", url: "https://github.com/redis/redis-py/issues/2624" },
  2: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-22", url: "https://github.com/redis/redis-py/pull/2641" },
  3: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-25", url: "https://github.com/redis/redis-py/issues/2665" },
  4: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-26", url: "https://github.com/redis/redis-py/pull/2666" },
  5: { publisher: "redis-py (GitHub)", publishedOn: "2023-03-29", url: "https://github.com/redis/redis-py/commit/5acbde355058ab7d9c2f95bcef3993ab4134e342" },
};

// "At 1 a.m. Pacific time on Monday, March 20"; "between 1 a.m. and 10 a.m. Pacific time" (PDT, UTC−7).
// The redis-py fixes are dated by their merges: #2641 on 22 March, #2666 on 29 March (opened on the 26th).
const TIMELINE: Array<[key: string, at: string, precision: string, cites: number[]]> = [
  ["redis-py-issue-reported", "2023-03-17", "day", [1, 3]],
  ["cancellation-spike", "2023-03-20T08:00Z", "minute", [0]],
  ["exposure-begins", "2023-03-20T08:00Z", "minute", [0]],
  ["exposure-ends", "2023-03-20T17:00Z", "minute", [0]],
  ["chatgpt-offline", "2023-03-20", "day", [0]],
  ["redis-py-first-fix", "2023-03-22", "day", [2]],
  ["postmortem-published", "2023-03-24", "day", [0]],
  ["redis-py-issue-reopened", "2023-03-25", "day", [3]],
  ["redis-py-cancel-fix", "2023-03-29", "day", [4, 5]],
];

describe("the ChatGPT incident of 20 March 2023 says what its sources say", () => {
  it.each(Object.entries(SOURCES))("source [%s] is the one read, at the address it was read at", (n, expected) => {
    const s = record.sources.find((x) => x.number === Number(n));
    expect({ publisher: s?.publisher, publishedOn: s?.publishedOn, url: s?.url }).toEqual(expected);
  });

  it("has no source but those, and says which parts of the postmortem were read in a copy", () => {
    expect(record.sources.map((s) => s.number)).toEqual([0, 1, 2, 3, 4, 5]);
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
    expect(record.incident.impact).toMatch(/OpenAI says full credit card numbers were not exposed at any time/);
    expect(record.incident.impact).toMatch(/extremely low; it gives no count/);
  });

  it("keeps the post's certainty and owners: whose data, which fields where, what is only possible, whose word the fix is", () => {
    // The 1.2% are the subscribers whose own information may have been visible, not viewers of others'.
    expect(record.incident.summary).toMatch(/payment-related information of 1\.2% of the ChatGPT Plus subscribers/);
    // The misaddressed emails carried the card type and last four digits only.
    expect(record.incident.impact).toMatch(/confirmation emails generated in that window were sent to the wrong users and contained the credit card type and last four digits/);
    expect(record.incident.impact).toMatch(/^OpenAI says some users could see titles/);
    expect(record.incident.impact).toMatch(/it is also possible that the first message/);
    expect(record.incident.impact).toMatch(/For each, OpenAI says it is possible that this also happened before 20 March, though it has not confirmed any instances/);
    expect(record.context.find((c) => /Asyncio redis-py client/.test(c.statement))?.statement).toMatch(/^OpenAI says .*, and has now been fixed"/);
    expect(record.context.find((c) => /unrecoverable server error/.test(c.statement))?.statement).toMatch(/^OpenAI says that in most cases/);
    expect(record.figures.find((f) => f.value === "last four digits (only)")?.label).toMatch(/the most OpenAI says was visible/);
    expect(record.events.find((e) => e.key === "redis-py-cancel-fix")?.detail).toMatch(/Nothing read here says whether it closed the bug/);
  });

  it("has the nine-hour window as OpenAI's count, of the payment information only", () => {
    const window = record.durations.find((d) => d.role === "exposure");
    expect(window).toMatchObject({ kind: "interval", from: "exposure-begins", to: "exposure-ends", countedBy: "OpenAI" });
    expect(window?.note).toMatch(/payment-related information only/);
    // That the "nine-hour window" and the 1 a.m.–10 a.m. times are one window is Aftermath's reading.
    expect(window?.method).toMatch(/that the two are the same window is Aftermath's reading/);
    expect(record.figures.find((f) => f.value === "nine hours")?.note).toMatch(/Aftermath's reading/);
  });

  it("gives the Redis Cluster scope as OpenAI's claim, which the redis-py issues reproduce with the asyncio Redis client", () => {
    const { cause, cites } = record.incident;
    expect(cause).toMatch(/^OpenAI attributes the exposure to a bug in the open-source redis-py library, which it says "only appeared in the Asyncio redis-py client for Redis Cluster"/);
    expect(cause).toMatch(/the redis-py issues read here that report the bug reproduce it with the library's asyncio Redis client, not its cluster client/);
    expect(cause).toMatch(/"created a small probability for each connection to return bad data"/);
    // The post [0] for the claim, the two issues that reproduce the bug [1] and [3].
    expect(cites).toEqual([0, 1, 3]);
  });

  it("dates the fix that shields commands from cancellation by its merge, not by the day its pull request was opened", () => {
    const fix = record.events.find((e) => e.key === "redis-py-cancel-fix");
    const merge = record.sources.find((s) => s.number === 5);
    expect(fix).toMatchObject({ at: "2023-03-29", precision: "day", cites: [4, 5] });
    expect(fix?.detail).toMatch(/opened on 26 March and merged on 29 March/);
    expect(merge).toMatchObject({ title: "Fixing cancelled async futures (#2666)", author: "Chayim", publishedOn: fix?.at });
    expect(merge?.note).toMatch(/merged pull request #2666/);
    expect(record.sources.find((s) => s.number === 4)).toMatchObject({ publishedOn: "2023-03-26", note: expect.stringMatching(/merged 29 March 2023 \(source 5\)/) });
  });

  it("quotes the bug's reporter on the first fix as the thread has it", () => {
    const first = record.events.find((e) => e.key === "redis-py-first-fix");
    expect(first?.title).toBe("A redis-py fix is merged");
    expect(first?.detail).toContain('"I think this only fixed the pipeline, while the race condition still exists in the Redis class"');
    expect(record.reactions[0]?.statement).toBe('Answered the pull request "AsyncIO Race Condition Fix" (#2641): "I can still reproduce #2624 using the latest redis-py 4.5.3."');
  });

  it("ships no affected list, not even a sample, and says none is published", () => {
    expect(sample).toBeNull();
    expect(JSON.stringify(record.affectedShape)).not.toMatch(/\d+ (users|subscribers)\b/);
    expect(record.context.some((c) => /publishes a list or a count of affected users/.test(c.statement))).toBe(true);
  });

  it("says what a row of its list would be, in OpenAI's words: users who saw or were shown, by email, a day each, no request ids", () => {
    expect(record.affectedShape).toMatchObject({
      unit: { one: "user", many: "users" },
      account: { form: { kind: "email" }, example: "you@example.com", caseSensitive: false },
      requestIds: null,
      measures: [],
      time: "day",
    });
    expect(record.affectedShape?.roles.map((r) => r.key)).toEqual(["saw", "shown"]);
    expect(record.affectedShape?.dataClasses.map((d) => d.label)).toEqual([
      "chat history titles",
      "the first message of a newly-created conversation",
      "first and last name",
      "email address",
      "payment address",
      "credit card type",
      "last four digits of a credit card number",
      "credit card expiration date",
    ]);
    expect(record.affectedShape?.roles.find((r) => r.key === "shown")?.meaning).toMatch(/1\.2% of the ChatGPT Plus subscribers who were active during a specific nine-hour window/);
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
