import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { lookupAnswerSchema } from "@/domain/lookup";
import { serverLog } from "./support/server-log";
import { sampleAccountIds, sampleRows, UNAFFECTED_SAMPLE_ACCOUNT } from "./support/sample";
import { SLUG } from "./support/contract";
import { visibleText } from "./support/html";
import { linksFor, lookupURL, newClient, openLink, postLookup, sessionCookieOf, signOut, tokenOf } from "./support/lookup";
import { seedIncidentCopy } from "./support/seed-copy";
import { fileServer } from "./support/file-server";

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

const rowsOf = (id: string) => sampleRows().filter((r) => r.accountId === id);
const asAnswered = (rows: ReturnType<typeof sampleRows>) => rows.map((r) => ({ requestId: r.requestId, occurredAt: r.occurredAt, measures: { prompt_tokens: r.promptTokens }, role: r.role, dataClasses: [] }));
/** The answer's headers that may differ between two requests whatever they ask: the request id, the date, the client's budget. */
const stable = (r: Response) => [...r.headers].filter(([h]) => !["date", "x-request-id", "ratelimit"].includes(h));

describe("without proof of ownership", () => {
  it("answers every account id with the same bytes: affected, unaffected or unknown", async () => {
    const client = newClient();
    const asks = [account(2), account(2).toUpperCase(), UNAFFECTED_SAMPLE_ACCOUNT, "f".repeat(32)];
    const answers = [];
    for (const accountId of asks) {
      const response = await fetch(lookupURL(SLUG), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify({ accountId }) });
      answers.push({ status: response.status, headers: stable(response), text: await response.text() });
    }
    expect(answers[0]?.status).toBe(403);
    for (const a of answers) expect(a).toEqual(answers[0]);
    const body = JSON.parse(answers[0]?.text ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({ status: 403, code: "proof-required" });
    expect(String(body.detail)).toMatch(/link.*request ids/);
    // No account budget is shown, or spent, by anyone who has not proven the account.
    expect(answers[0]?.headers.map(([h, v]) => `${h}: ${v}`).join("\n")).not.toContain('"account"');
  });

  it("answers the same to an empty body, and to a lookup session cookie that is forged", async () => {
    const empty = await postLookup(SLUG, {});
    const forged = await fetch(lookupURL(SLUG), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient(), cookie: "aftermath_lookup=abcdefgh.eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      body: "{}",
    });
    expect(empty.body).toMatchObject({ code: "proof-required" });
    expect(await forged.json()).toEqual(empty.body);
  });
});

describe("with a link", () => {
  it("lists exactly this account's rows, no-store, with the owner's own budget", async () => {
    const id = account(1);
    const [link = ""] = await linksFor(SLUG, [id]);
    for (const sent of [link, tokenOf(link)]) {
      const { response, body } = await postLookup(SLUG, { link: sent });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("ratelimit-policy")).toContain('"account";q=10;w=60');
      const mine = rowsOf(id);
      expect(body).toMatchObject({
        incident: SLUG,
        covers: "account",
        proof: { kind: "account", via: "link", accountEnding: id.slice(-4) },
        affected: true,
        affectedRows: mine.length,
        byRole: { recipient: mine.filter((r) => r.role === "recipient").length, exposed: mine.filter((r) => r.role === "exposed").length },
        firstAt: mine[0]?.occurredAt,
        lastAt: mine.at(-1)?.occurredAt,
      });
      expect(body.rows).toEqual(asAnswered(mine));
      // The shape the OpenAPI document gives it, the one the page and its components read.
      expect(lookupAnswerSchema.safeParse(body).error).toBeUndefined();
    }
  });

  it("says an unaffected account was not affected, in the same shape", async () => {
    const [link = ""] = await linksFor(SLUG, [UNAFFECTED_SAMPLE_ACCOUNT]);
    const { response, body } = await postLookup(SLUG, { link });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ covers: "account", affected: false, affectedRows: 0, firstAt: null, lastAt: null, rows: [] });
  });

  it.each([
    ["expired", { expiresAt: new Date(Date.now() - 1000) }, SLUG, "link-expired"],
    ["made for another incident", {}, "any-incident-probe", "link-other-incident"],
  ] as const)("refuses a link that is %s, showing nothing", async (_name, options, linkSlug, code) => {
    if (linkSlug !== SLUG) await seedIncidentCopy(linkSlug);
    const [link = ""] = await linksFor(linkSlug, [account(1)], options);
    const { response, body } = await postLookup(SLUG, { link });
    expectProblem(response, body, 403);
    expect(body.code).toBe(code);
    expect(JSON.stringify(body)).not.toContain(account(1).slice(-4));
  });

  it("refuses a tampered link", async () => {
    const [link = ""] = await linksFor(SLUG, [account(1)]);
    const [kid, payload = "", mac] = tokenOf(link).split(".");
    const other = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const swapped = Buffer.from(JSON.stringify({ ...other, t: "0".repeat(64) })).toString("base64url");
    for (const token of [`${kid}.${swapped}.${mac}`, `${kid}.${payload}.${"A".repeat(43)}`, "not-a-token"]) {
      const { response, body } = await postLookup(SLUG, { link: token });
      expectProblem(response, body, 403);
      expect(body.code).toBe("link-invalid");
    }
  });

  it("is exchanged when opened for a session cookie and a clean address, the token kept out of the log", async () => {
    const id = account(5);
    const [link = ""] = await linksFor(SLUG, [id]);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/incidents/${SLUG}/lookup`);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(opened.headers.get("cache-control")).toBe("no-store");
    const setCookie = opened.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^aftermath_lookup=[\w.-]+; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie.split(";")[0] ?? "";
    const withCookie = (body: unknown) =>
      fetch(lookupURL(SLUG), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": newClient(), cookie }, body: JSON.stringify(body) });
    const answer = await withCookie({});
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { rows: unknown[] }).rows).toEqual(asAnswered(rowsOf(id)));
    // With the session, an account id names the session's account or proves nothing.
    expect((await withCookie({ accountId: id })).status).toBe(200);
    expect((await withCookie({ accountId: account(6) })).status).toBe(403);
    const signedOut = await fetch(new URL(`/incidents/${SLUG}/lookup/signout`, lookupURL(SLUG)), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient(), cookie, origin: lookupURL(SLUG).origin, "sec-fetch-site": "same-origin" },
      body: "",
    });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("set-cookie")).toMatch(/^aftermath_lookup=; Path=\/; Max-Age=0/);
    expect(fs.readFileSync(fileServer().serverLogPath, "utf8")).not.toContain(tokenOf(link).split(".")[2]);
  });

  it("ends the session on the server at sign-out: the old cookie, sent again, shows nothing to the API or the page", async () => {
    const id = account(9);
    const [link = ""] = await linksFor(SLUG, [id]);
    const cookie = await sessionCookieOf(link);
    const ask = () => fetch(lookupURL(SLUG), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": newClient(), cookie }, body: "{}" });
    const page = async () => visibleText(await (await fetch(new URL(`/incidents/${SLUG}/lookup`, lookupURL(SLUG)), { headers: { "x-forwarded-for": newClient(), cookie } })).text());
    expect((await ask()).status).toBe(200);
    expect(await page()).toContain(`Showing account ending …${id.slice(-4)}`);
    expect((await signOut(SLUG, cookie)).status).toBe(303);
    const replayed = await ask();
    const body = (await replayed.json()) as Record<string, unknown>;
    expectProblem(replayed, body, 403);
    expect(body.code).toBe("proof-required");
    const text = await page();
    expect(text).not.toContain(id.slice(-4));
    for (const r of rowsOf(id)) expect(text).not.toContain(r.requestId);
    expect(text).toContain("Your lookup session has ended");
  });

  it.each([
    ["expired", { expiresAt: new Date(Date.now() - 1000) }],
  ] as const)("sends a browser with an %s link back to the page, saying so, with no cookie", async (reason, options) => {
    const [link = ""] = await linksFor(SLUG, [account(1)], options);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/incidents/${SLUG}/lookup?link=${reason}`);
    expect(opened.headers.get("set-cookie")).toBeNull();
  });
});

describe("with request ids from the tenant's logs", () => {
  it("answers those request ids only: affected or not, their rows, nothing else of the account", async () => {
    const id = account(1);
    const mine = rowsOf(id);
    const others = sampleRows().filter((r) => r.accountId !== id);
    const asked = [mine[0]?.requestId ?? "", others[0]?.requestId ?? "", "never-seen-1"];
    const { response, body } = await postLookup(SLUG, { accountId: id.toUpperCase(), requestIds: asked });
    expect(response.status).toBe(200);
    expect(body).toEqual({
      incident: SLUG,
      list: "published",
      sampleData: true,
      covers: "request-ids",
      proof: { kind: "request-ids" },
      checkedRequestIds: [
        { requestId: asked[0], affected: true },
        { requestId: asked[1], affected: false },
        { requestId: asked[2], affected: false },
      ],
      rows: asAnswered(mine.filter((r) => r.requestId === asked[0])),
    });
    expect(lookupAnswerSchema.safeParse(body).error).toBeUndefined();
    expect(response.headers.get("ratelimit-policy")).not.toContain("account");
  });

  it("says another account's request ids are not this account's, and shows none of their rows", async () => {
    const other = rowsOf(account(3)).map((r) => r.requestId);
    const { body } = await postLookup(SLUG, { accountId: account(1), requestIds: other });
    expect(body).toMatchObject({ covers: "request-ids", rows: [] });
    expect((body.checkedRequestIds as Array<{ affected: boolean }>).every((c) => !c.affected)).toBe(true);
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
      expect(response.status).toBe(403);
    }
    const { response, body } = await postLookup(SLUG, { accountId: "a".repeat(32) }, { client });
    expectProblem(response, body, 429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(response.headers.get("ratelimit-policy")).toBe('"client";q=30;w=60');
    expect(response.headers.get("ratelimit")).toMatch(/^"client";r=0;t=\d+$/);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await postLookup(SLUG, { accountId: "b".repeat(32) }, { client })).response.status).toBe(403);
  });

  it("limits an owner's lookups of their account from many clients; strangers with its id spend none of it", async () => {
    const id = account(7);
    const [link = ""] = await linksFor(SLUG, [id]);
    for (let i = 0; i < 20; i++) expect((await postLookup(SLUG, { accountId: id })).response.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postLookup(SLUG, { link })).response.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const log = await serverLog((l) => l.includes('"scope":"account"'));
    expect(log).toContain('"scope":"account"');
    expect(log).not.toContain(id);
  });
});
