import { describe, expect, it } from "vitest";
import { API_POLICY, BASE_HEADERS } from "@/http/security-headers";
import { INCIDENT_PATH, SLUG, TITLE } from "./support/contract";
import { newClient } from "./support/lookup";
import { type RawAnswer, rawRequest } from "./support/raw-http";
import { fileServer } from "./support/file-server";

// What Node's own HTTP layer would answer by itself (no Host, an Expect it does not know, CONNECT,
// Upgrade) sent as raw bytes to the production server: each answer has a status, every header of
// ours and, for an error, a problem+json body that says what to do.

const host = new URL(fileServer().baseURL).host;

function head(lines: string[], body = ""): string {
  return `${lines.join("\r\n")}\r\nx-forwarded-for: ${newClient()}\r\nconnection: close\r\n\r\n${body}`;
}

function expectOurHeaders(what: string, answer: RawAnswer): void {
  expect(answer.status, `${what}: status`).toBeGreaterThanOrEqual(200);
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(answer.headers.get(name.toLowerCase()), `${what}: ${name}`).toBe(value);
  expect(answer.headers.get("content-security-policy"), `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(answer.headers.get("x-request-id"), `${what}: X-Request-Id`).toMatch(/^[0-9a-f-]{36}$/);
}

function expectProblem(what: string, answer: RawAnswer, status: number, says: RegExp): void {
  expectOurHeaders(what, answer);
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBe(status);
  expect(answer.headers.get("content-type"), what).toBe("application/problem+json");
  expect(answer.headers.get("content-security-policy"), what).toBe(API_POLICY);
  const problem = JSON.parse(answer.body) as { status?: number; title?: string; detail?: string };
  expect(problem.status, what).toBe(status);
  expect(problem.title?.length ?? 0, what).toBeGreaterThan(3);
  expect(problem.detail ?? "", what).toMatch(says);
}

describe("answers Node would give by itself", () => {
  it("an HTTP/1.1 request without Host: 400 that names the header", async () => {
    const answer = await rawRequest(head(["GET / HTTP/1.1"]));
    expectProblem("no Host", answer, 400, /Host/);
  });

  it("an HTTP/1.1 request with two Host headers: 400", async () => {
    const answer = await rawRequest(head(["GET / HTTP/1.1", `host: ${host}`, "host: evil.example"]));
    expectProblem("two Host headers", answer, 400, /Host/);
  });

  it("an HTTP/1.0 request without Host is answered (Host is HTTP/1.1's rule)", async () => {
    const answer = await rawRequest(head([`GET ${INCIDENT_PATH} HTTP/1.0`]));
    expectOurHeaders("HTTP/1.0 without Host", answer);
    expect(answer.status).toBe(200);
  });

  it("an Expect other than 100-continue: 417 that says what to send", async () => {
    const answer = await rawRequest(head(["GET / HTTP/1.1", `host: ${host}`, "expect: 200-ok"]));
    expectProblem("Expect: 200-ok", answer, 417, /Expect/);
  });

  it("CONNECT: 405 with Allow, as any other method this site does not take", async () => {
    const answer = await rawRequest(head([`CONNECT ${host} HTTP/1.1`, `host: ${host}`]));
    expectProblem("CONNECT", answer, 405, /CONNECT/);
    expect(answer.headers.get("allow")).toMatch(/GET.*OPTIONS/);
  });

  it.each([
    ["websocket", ["upgrade: websocket", "connection: Upgrade", "sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version: 13"]],
    ["h2c", ["upgrade: h2c", "connection: Upgrade, HTTP2-Settings", "http2-settings: AAMAAABkAARAAAAAAAIAAAAA"]],
  ])("Upgrade: %s is ignored (RFC 9110 §7.8): the page is served as asked", async (_name, lines) => {
    const answer = await rawRequest(head([`GET ${INCIDENT_PATH} HTTP/1.1`, `host: ${host}`, ...lines]));
    expectOurHeaders("Upgrade", answer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("upgrade")).toBeUndefined();
    expect(answer.body).toContain(TITLE.replace("&", "&amp;"));
  });

  it("Upgrade on a request with a body: the body is read and answered as without it", async () => {
    const body = JSON.stringify({ accountId: "e31943e8f19d7a388a05143b4ab7061e" });
    const answer = await rawRequest(
      head([`POST /api/incidents/${SLUG}/lookup HTTP/1.1`, `host: ${host}`, "upgrade: h2c", "connection: Upgrade", "content-type: application/json", `content-length: ${body.length}`], body),
    );
    expectProblem("Upgrade with a body", answer, 403, /prove/i);
    expect((JSON.parse(answer.body) as { code?: string }).code).toBe("proof-required");
  });
});
