import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { sampleAccountIds, sampleRows, UNAFFECTED_SAMPLE_ACCOUNT } from "./support/sample";
import { SLUG } from "./support/contract";
import { submitForm } from "./support/forms";
import { visibleText } from "./support/html";
import { lookupURL, newClient, postLookup } from "./support/lookup";

const ACCOUNTS = sampleAccountIds();
const account = (i: number) => ACCOUNTS[i] as string;

function expectProblem(response: Response, body: Record<string, unknown>, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(body).toMatchObject({ status, type: "about:blank" });
  expect(typeof body.title).toBe("string");
  expect(String(body.detail).length).toBeGreaterThan(10);
}

describe("POST /api/incidents/{slug}/lookup answers", () => {
  it("lists exactly this account's rows, no-store", async () => {
    const id = account(1);
    const mine = sampleRows().filter((r) => r.accountId === id);
    const { response, body } = await postLookup(SLUG, { accountId: id.toUpperCase(), requestIds: [mine[0]?.requestId, "other-1"] });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toMatchObject({
      incident: SLUG,
      affected: true,
      responses: mine.length,
      byRole: {
        recipient: mine.filter((r) => r.role === "recipient").length,
        exposed: mine.filter((r) => r.role === "exposed").length,
      },
      firstAt: mine[0]?.occurredAt,
      lastAt: mine.at(-1)?.occurredAt,
      checkedRequestIds: [
        { requestId: mine[0]?.requestId, affected: true },
        { requestId: "other-1", affected: false },
      ],
    });
    expect(body.requests).toEqual(
      mine.map((r) => ({ requestId: r.requestId, occurredAt: r.occurredAt, promptTokens: r.promptTokens, role: r.role })),
    );
  });

  it("gives an unknown account and an unaffected one the same answer but for values", async () => {
    const unaffected = await postLookup(SLUG, { accountId: UNAFFECTED_SAMPLE_ACCOUNT });
    const unknown = await postLookup(SLUG, { accountId: "f".repeat(32) });
    const affected = await postLookup(SLUG, { accountId: account(2) });
    expect(unaffected.response.status).toBe(200);
    expect(unknown.response.status).toBe(200);
    expect(unknown.body).toEqual(unaffected.body);
    expect(unaffected.body).toMatchObject({ affected: false, responses: 0, firstAt: null, lastAt: null, requests: [] });
    const shape = (o: Record<string, unknown>) => Object.keys(o).sort();
    expect(shape(unknown.body)).toEqual(shape(affected.body));
    const headerNames = (r: Response) => [...r.headers.keys()].filter((h) => h !== "date" && h !== "ratelimit").sort();
    expect(headerNames(unknown.response)).toEqual(headerNames(unaffected.response));
  });
});

describe("POST /api/incidents/{slug}/lookup errors", () => {
  const cases: Array<[string, number, () => Promise<{ response: Response; body: Record<string, unknown> }>]> = [
    ["malformed JSON", 400, () => postLookup(SLUG, '{"accountId": ')],
    ["a body that is not an object", 400, () => postLookup(SLUG, "[1,2]")],
    ["a wrong type", 400, () => postLookup(SLUG, { accountId: 42 })],
    ["an account id of the wrong form", 400, () => postLookup(SLUG, { accountId: "not-an-account" })],
    ["a request id of the wrong form", 400, () => postLookup(SLUG, { accountId: account(3), requestIds: ["bad id with spaces"] })],
    ["more than 100 request ids", 400, () => postLookup(SLUG, { accountId: account(3), requestIds: Array.from({ length: 101 }, (_, i) => `r${i}`) })],
    ["an unknown field", 400, () => postLookup(SLUG, { accountId: account(3), extra: true })],
    ["an unknown incident", 404, () => postLookup("no-such-incident", { accountId: account(3) })],
    ["a body over 16 KiB", 413, () => postLookup(SLUG, { accountId: account(3), pad: "x".repeat(16 * 1024) })],
    ["a body that is not JSON", 415, () => postLookup(SLUG, "accountId=abc", { contentType: "application/x-www-form-urlencoded" })],
    ["no content type", 415, () => postLookup(SLUG, JSON.stringify({ accountId: account(3) }), { contentType: "" })],
  ];
  it.each(cases)("%s → %i problem+json", async (_name, status, send) => {
    const { response, body } = await send();
    expectProblem(response, body, status);
  });

  it("names the field to fix", async () => {
    const { body } = await postLookup(SLUG, { accountId: "xyz", requestIds: ["ok-1", "bad id"] });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "accountId" }),
        expect.objectContaining({ field: "requestIds.1" }),
      ]),
    );
  });

  it("refuses a streamed body over 16 KiB without a Content-Length, never truncating it", async () => {
    const chunk = new TextEncoder().encode(`{"accountId":"${account(3)}","pad":"${"x".repeat(17_000)}"}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(lookupURL(SLUG), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expectProblem(response, (await response.json()) as Record<string, unknown>, 413);
  });

  it.each(["GET", "PUT", "DELETE", "PATCH"])("%s → 405 with Allow: POST, OPTIONS", async (method) => {
    const response = await fetch(lookupURL(SLUG), { method });
    expectProblem(response, (await response.json()) as Record<string, unknown>, 405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("rate limits", () => {
  it("answers 429 past 30 lookups a minute from one client, with Retry-After and RateLimit headers, and recovers", async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++) {
      const { response } = await postLookup(SLUG, { accountId: "0".repeat(31) + (i % 10) }, { client });
      expect(response.status).toBe(200);
    }
    const { response, body } = await postLookup(SLUG, { accountId: "a".repeat(32) }, { client });
    expectProblem(response, body, 429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(response.headers.get("ratelimit-policy")).toContain('"client";q=30;w=60');
    expect(response.headers.get("ratelimit")).toMatch(/"client";r=0;t=\d+/);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await postLookup(SLUG, { accountId: "b".repeat(32) }, { client })).response.status).toBe(200);
  });

  it("answers the lookup form 429 with Retry-After once the client's budget is spent, API and form together", async () => {
    const client = newClient();
    const spent = await Promise.all(Array.from({ length: 30 }, (_, i) => postLookup(SLUG, { accountId: "d".repeat(31) + (i % 10) }, { client })));
    expect(spent.map((s) => s.response.status)).toEqual(Array(30).fill(200));
    const form = await submitForm(`/incidents/${SLUG}/lookup`, { accountId: "e".repeat(32), requestIds: "" }, { client, headers: { accept: "text/html" } });
    expect(form.response.status).toBe(429);
    expect(Number(form.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(form.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(visibleText(form.html)).toMatch(/Too many lookups.*Try again in \d+ seconds/);
  });

  it("limits lookups of one account from many clients, and logs it without the account id", async () => {
    const id = "c0ffee".repeat(5) + "42";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postLookup(SLUG, { accountId: id })).response.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const log = fs.readFileSync(inject("serverLogPath"), "utf8");
    expect(log).toContain('"scope":"account"');
    expect(log).not.toContain(id);
  });
});
