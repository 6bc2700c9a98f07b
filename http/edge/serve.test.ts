import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";
import { startEdge } from "@/tests/support/edge-server";

// The edge and its page cache in-process, on a real database, with Next replaced by a renderer that
// counts what it is asked for: every entry the cache makes costs one render, so the renders are
// what a request can make the server keep (and spend) without a debug route in production.

const SLUG = "glm-5-3-kv-cache-exposure";
const PAGE = `/incidents/${SLUG}`;
const renders: string[] = [];
let base = "";
let close = () => undefined as void;
let store: Store | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-serve-"));

async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders.push(req.url ?? "");
  // As Next does, the path is read decoded.
  const found = decodeURIComponent(req.url ?? "") === PAGE;
  res.writeHead(found ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
  res.end(found ? "<h1>the page</h1>" : "<h1>not found</h1>");
}

beforeAll(async () => {
  const file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: "s".repeat(40) }) });
  store = sqliteStore(file);
  ({ base, close } = await startEdge(store, fakeNext));
});
afterAll(async () => {
  close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Spellings of one path: each of its first `n` unreserved characters percent-encoded in turn, in both hex cases. */
function spellings(target: string, n: number): string[] {
  const out: string[] = [];
  for (let i = "/incidents/".length; out.length < n && i < target.length; i++) {
    const hex = target.charCodeAt(i).toString(16);
    out.push(`${target.slice(0, i)}%${hex}${target.slice(i + 1)}`, `${target.slice(0, i)}%${hex.toUpperCase()}${target.slice(i + 1)}`);
  }
  return out;
}

describe("what a request can make the page cache keep", () => {
  it("every spelling of a page's path is the one entry: one render, the same bytes", async () => {
    const first = await fetch(base + PAGE);
    const etag = first.headers.get("etag");
    expect([first.status, await first.text()]).toEqual([200, "<h1>the page</h1>"]);
    for (const spelled of spellings(PAGE, 20)) {
      const r = await fetch(base + spelled);
      expect([spelled, r.status, r.headers.get("etag")]).toEqual([spelled, 200, etag]);
    }
    expect(renders).toEqual([PAGE]);
  });

  it("unknown incidents, each spelled several ways, share one not-found render", async () => {
    const before = renders.length;
    for (let i = 0; i < 10; i++) {
      for (const target of [`/incidents/random-${i}`, `/incidents/random-${i}/changes`, `/incidents/random-${i}/export.html`, ...spellings(`/incidents/random-${i}`, 2)]) {
        const r = await fetch(base + target, { headers: { accept: "text/html" } });
        expect([target, r.status]).toEqual([target, 404]);
      }
    }
    expect(renders.length - before).toBeLessThanOrEqual(1);
  });
});
