import { describe, expect, it } from "vitest";
import { ROUTES, type RouteSpec } from "@/http/edge/route-list";
import { SLUG } from "./support/contract";
import { newClient } from "./support/lookup";
import { type RawAnswer, rawRequest } from "./support/raw-http";
import { fileServer } from "./support/file-server";

// Every route of the edge's route list (a new route is fuzzed as soon as it is listed; one missing
// from the list fails http/edge/route-list.test.ts), with every method and a set of malformed
// requests, as a stranger without a session sends them: no 500, every error problem+json, every
// answer with the full header set and a request id.

const HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "content-security-policy",
  "x-request-id",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];
const EXAMPLES: Record<string, string> = { slug: SLUG, collection: "events", id: "1", path: "chunks/nothing-here.js" };
const host = new URL(fileServer().baseURL).host;

/** An address of the route, its segments filled with values that exist where values must. */
const exampleOf = (spec: RouteSpec) => spec.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => EXAMPLES[name] ?? "x");

function request(method: string, target: string, { headers = {} as Record<string, string>, body = "" } = {}): string {
  const head = { host, "x-forwarded-for": newClient(), connection: "close", ...headers };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  if (body && !("content-length" in headers) && !("transfer-encoding" in headers)) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** What every answer must be, whatever was asked. */
function expectWellFormed(what: string, answer: RawAnswer, { html = false, method = "GET" } = {}): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(100);
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  for (const name of HEADERS) expect(answer.headers.has(name), `${what}: ${name}`).toBe(true);
  const type = answer.headers.get("content-type") ?? "";
  if (answer.status >= 400 && !(html && type.startsWith("text/html"))) {
    expect(type, what).toBe("application/problem+json");
    if (method !== "HEAD") {
      const problem = JSON.parse(answer.body) as { status?: number; title?: string; detail?: string };
      expect(problem.status, what).toBe(answer.status);
      expect(problem.detail?.length ?? 0, what).toBeGreaterThan(10);
    }
  }
  if (answer.status === 405) expect(answer.headers.get("allow"), what).toMatch(/OPTIONS/);
  const location = answer.headers.get("location");
  if (location) expect(new URL(location, "http://site.invalid").origin, `${what}: Location ${location}`).toBe("http://site.invalid");
}

describe("every route, every method", () => {
  for (const spec of ROUTES) {
    const target = exampleOf(spec);
    it(`${target}: each method with no body, a JSON body, an oversized declared body; as a browser too`, async () => {
      for (const method of METHODS) {
        const plain = await rawRequest(request(method, target));
        expectWellFormed(`${method} ${target}`, plain, { method });
        const allowed = Object.keys(spec.methods).includes(method) || (method === "HEAD" && "GET" in spec.methods);
        // llhttp refuses a method it does not know before there is a request (400).
        if (!allowed && method !== "OPTIONS") expect(plain.status, `${method} ${target}`).toBe(method === "FOO" ? 400 : 405);
        if (method === "OPTIONS") expect([plain.status, plain.headers.has("allow")]).toEqual([204, true]);
        const json = await rawRequest(request(method, target, { headers: { "content-type": "application/json" }, body: '{"__proto__":{"x":1},"a":[1,' }));
        expectWellFormed(`${method} ${target} with a broken JSON body`, json, { method });
        const huge = await rawRequest(request(method, target, { headers: { "content-type": "application/json", "content-length": String(2 ** 40) } }));
        expectWellFormed(`${method} ${target} declaring 1 TiB`, huge, { method });
        expect([400, 405, 413, 415, 204], `${method} ${target} declaring 1 TiB`).toContain(huge.status);
        const browser = await rawRequest(request(method, target, { headers: { accept: "text/html,*/*;q=0.8" } }));
        expectWellFormed(`${method} ${target} from a browser`, browser, { html: true, method });
      }
    });
  }
});

describe("targets and encodings that do not parse", () => {
  const cases: Array<[string, string, number[]]> = [
    ["a broken percent-encoding under /api", request("GET", "/api/%zz"), [400]],
    ["a broken UTF-8 percent-encoding in a slug", request("GET", "/incidents/%E0%A4%A"), [400]],
    ["an encoded NUL", request("GET", `/incidents/${SLUG}%00`), [400]],
    ["a target that is not a path", request("GET", "nothing"), [400]],
    ["another site's absolute URL", request("GET", "http://evil.example/"), [400]],
    ["this site's absolute URL", request("GET", `http://${host}/incidents/${SLUG}`), [200]],
    ["a protocol-relative path", request("GET", "//evil.example/"), [308, 404]],
    ["a path with dot segments", request("GET", "/api/../incidents/nope"), [404]],
    ["a broken query encoding", request("GET", "/?q=%zz&x=%"), [200]],
    ["a 9,000-character target", request("GET", `/${"a".repeat(9000)}`), [414]],
    ["an unknown /api path", request("GET", "/api/v2/nothing"), [404]],
    ["OPTIONS *", request("OPTIONS", "*"), [204]],
    ["a 20 KB header", request("GET", "/", { headers: { "x-big": "b".repeat(20_000) } }), [431]],
    ["bytes that are not HTTP", "HELLO THERE\r\n\r\n", [400]],
    ["a Content-Length that is not a number", request("POST", `/api/incidents/${SLUG}/lookup`, { headers: { "content-length": "abc" } }), [400]],
    ["Content-Length with Transfer-Encoding", request("POST", `/api/incidents/${SLUG}/lookup`, { headers: { "content-length": "5", "transfer-encoding": "chunked" }, body: "0\r\n\r\n" }), [400]],
    ["a body shorter than it says, then junk", request("POST", `/api/incidents/${SLUG}/lookup`, { headers: { "content-type": "application/json", "content-length": "2" }, body: "{}GARBAGE\r\n\r\n" }), [400, 200]],
    ["a body on a GET", request("GET", "/", { body: "hello" }), [413]],
  ];
  it.each(cases)("%s", async (what, bytes, statuses) => {
    const answer = await rawRequest(bytes);
    expectWellFormed(what, answer);
    expect(statuses, `${what}: ${answer.status} ${answer.body.slice(0, 160)}`).toContain(answer.status);
  });
});

describe("bodies are counted as they arrive", () => {
  it("refuses a chunked body past the route's limit before the rest is sent", async () => {
    const chunk = "a".repeat(17 * 1024);
    const head = request("POST", `/api/incidents/${SLUG}/lookup`, { headers: { "content-type": "application/json", "transfer-encoding": "chunked", connection: "keep-alive" } });
    // The terminating chunk is never sent: an answer can only come from counting what arrived.
    const answer = await rawRequest(`${head}${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expectWellFormed("chunked 17 KiB lookup", answer);
    expect(answer.status).toBe(413);
    expect(answer.headers.get("connection")).toBe("close");
  });

  it("refuses an editor upload declared past 20 MB at once, without reading it", async () => {
    const head = request("POST", "/editor", { headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(25 * 1024 * 1024) } });
    const answer = await rawRequest(head);
    expectWellFormed("25 MB editor post", answer);
    expect(answer.status).toBe(413);
  });

  it("gives up on a body that stops arriving (408), whatever it declared", { timeout: 60_000 }, async () => {
    const head = request("POST", `/api/incidents/${SLUG}/lookup`, { headers: { "content-type": "application/json", "content-length": "100", connection: "keep-alive" } });
    const answer = await rawRequest(`${head}{"accountId":`, { timeoutMs: 45_000 });
    expectWellFormed("stalled body", answer);
    expect(answer.status).toBe(408);
  });
});

describe("form posts with tampered action arguments", () => {
  const forms = ROUTES.filter((r) => r.kind === "page" && r.methods.POST).map(exampleOf);

  async function signInActionId(): Promise<string> {
    const html = await (await fetch(new URL("/signin", fileServer().baseURL))).text();
    const id = /&quot;id&quot;:&quot;([0-9a-f]+)&quot;/.exec(html)?.[1];
    expect(id).toBeDefined();
    return id ?? "";
  }

  it.each(forms)("%s: broken arguments, unknown and malformed action ids answer 4xx problem+json", async (target) => {
    const id = await signInActionId();
    const origin = { origin: `http://${host}` };
    const fetchStyle = (action: string, body: string) =>
      request("POST", target, { headers: { ...origin, "next-action": action, "content-type": "text/plain;charset=UTF-8" }, body });
    const boundary = "fuzzboundary";
    const multipart = (fields: Record<string, string>) =>
      request("POST", target, {
        headers: { ...origin, "content-type": `multipart/form-data; boundary=${boundary}` },
        body: `${Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`,
      });
    const cases: Array<[string, string]> = [
      ["cut-off JSON arguments", fetchStyle(id, '[{"status":')],
      ["references to nothing", fetchStyle(id, '["$Q999","$@77"]')],
      ["an unknown action id", fetchStyle("ab".repeat(21), "[]")],
      ["an action id of the wrong form", fetchStyle("00ff", "[]")],
      ["a no-JavaScript post with broken bound arguments", multipart({ "$ACTION_REF_1": "", "$ACTION_1:0": `{"id":"${id}","bound":"$@1"}`, "$ACTION_1:1": '[{"status":', "$ACTION_KEY": "k" })],
      ["a no-JavaScript post naming no action", multipart({ "$ACTION_1:0": '{"id":"zz","bound":"$@1"}', "$ACTION_KEY": "k" })],
    ];
    for (const [what, bytes] of cases) {
      const answer = await rawRequest(bytes);
      expectWellFormed(`${target}: ${what}`, answer);
    }
  });
});
