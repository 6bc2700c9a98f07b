import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_ID_HEADER, noteRequest, withNote } from "./request-store";
import { EdgeResponse } from "./writer";

type Handler = (req: IncomingMessage, res: ServerResponse, formPost: () => void) => void;
const servers: Array<ReturnType<typeof createServer>> = [];

/** A real server whose responses are the edge's writer, running `handler` as the edge runs Next. */
async function serve(handler: Handler): Promise<string> {
  const server = createServer({ ServerResponse: EdgeResponse }, (req, res) => {
    res.begin({ https: false });
    withNote(res.note, () => handler(req, res, () => res.markFormPost()));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  vi.restoreAllMocks();
});

describe("the response writer", () => {
  it("gives every answer a fresh request id and the full header set, even when a layer cleared them", async () => {
    const base = await serve((_req, res) => {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
    const a = await fetch(base, { headers: { [REQUEST_ID_HEADER]: "mine" } });
    const b = await fetch(base);
    for (const r of [a, b]) {
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      expect(r.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
      expect(r.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(a.headers.get(REQUEST_ID_HEADER)).not.toBe(b.headers.get(REQUEST_ID_HEADER));
  });

  it("turns a 500 in text into problem+json that quotes the request id, and logs it with that id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const base = await serve((_req, res) => {
      res.statusCode = 500;
      res.setHeader("content-type", "text/plain");
      res.write("Internal ");
      res.end("Server Error");
    });
    const r = await fetch(`${base}/x`);
    const id = r.headers.get(REQUEST_ID_HEADER) ?? "";
    expect(r.status).toBe(500);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(((await r.json()) as { detail: string }).detail).toContain(id);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining(`"requestId":"${id}"`)));
  });

  it("leaves an HTML error page to a browser that asks for HTML", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<p>Not here</p>");
    });
    expect((await fetch(base, { headers: { accept: "text/html" } })).headers.get("content-type")).toMatch(/^text\/html/);
    expect((await fetch(base)).headers.get("content-type")).toBe("application/problem+json");
  });

  it("answers a form post that failed before its action ran with 400, and one that failed inside it with 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const base = await serve((req, res, formPost) => {
      formPost();
      if (req.url === "/ran") noteRequest({ actionStarted: true });
      res.writeHead(500, { "content-type": "text/x-component" });
      res.end("boom");
    });
    expect((await fetch(`${base}/decode`, { method: "POST" })).status).toBe(400);
    expect((await fetch(`${base}/ran`, { method: "POST" })).status).toBe(500);
  });

  it("applies the status an action asked for, with its headers", async () => {
    const base = await serve((_req, res) => {
      noteRequest({ status: { code: 429, headers: { "retry-after": "7" } } });
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<p>Too many</p>");
    });
    const r = await fetch(base, { method: "POST", headers: { accept: "text/html" } });
    expect([r.status, r.headers.get("retry-after"), await r.text()]).toEqual([429, "7", "<p>Too many</p>"]);
  });

  it("refuses a redirect off this site", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(308, { location: "//evil.example/" });
      res.end();
    });
    const r = await fetch(base, { redirect: "manual" });
    expect([r.status, r.headers.get("location")]).toEqual([400, null]);
  });
});
