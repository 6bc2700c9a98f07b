import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/db/sessions";
import { createUser } from "@/db/users";
import { createIncident, setPublished } from "@/db/write/incident";
import { PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE } from "../session-cookie";
import { startEdge } from "@/tests/support/edge-server";
import { ENGINES, testStores } from "@/tests/support/stores";

// A draft's page at its public address: Next is asked for it only with an editor's session of this
// request's scheme, and what the cache keeps is always rendered as for a reader without one.

const DRAFT = "a-draft";
const PUBLISHED = "glm-5-3-kv-cache-exposure";
const t = testStores("preview");

describe.each(ENGINES)("on %s", (engine) => {
  const asked: Array<{ url: string; cookie: boolean }> = [];
  let base = "";
  let session = "";
  let close = () => undefined as void;

  async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
    asked.push({ url: req.url ?? "", cookie: req.headers.cookie !== undefined });
    const body = req.headers.cookie ? "<p>rendered with a cookie</p>" : "<p>rendered for anyone</p>";
    res.writeHead(req.url?.includes("not-found") ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  }

  beforeAll(async () => {
    const store = t.store(engine);
    const actor = { kind: "system", name: "test" } as const;
    await createIncident({ store, actor, input: { slug: DRAFT, title: "A draft", summary: "S", provider: "P", service: "Q", status: "investigating", impact: "I", cause: "C" } });
    const user = await createUser(store, { email: "ed@example.com", password: "a long enough password", role: "editor" });
    session = await createSession(store, user.id);
    ({ base, close } = await startEdge(store, fakeNext));
  });
  afterAll(() => close());

  const get = (target: string, cookie?: string) => fetch(base + target, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });

  describe("a draft's page", () => {
    it("goes to Next with the session for its editor, uncached, and never for anyone else", async () => {
      asked.length = 0;
      const own = await get(`/incidents/${DRAFT}`, `${PLAIN_SESSION_COOKIE}=${session}`);
      expect([own.status, await own.text()]).toEqual([200, "<p>rendered with a cookie</p>"]);
      expect(own.headers.get("cache-control")).not.toBe("no-cache");
      expect(asked).toEqual([{ url: `/incidents/${DRAFT}`, cookie: true }]);
      // Readers: no session, a forged one, the cookie of the other scheme (plain HTTP here), or another address of the draft.
      for (const [target, cookie] of [
        [`/incidents/${DRAFT}`, undefined],
        [`/incidents/${DRAFT}`, `${PLAIN_SESSION_COOKIE}=${"A".repeat(43)}`],
        [`/incidents/${DRAFT}`, `${SECURE_SESSION_COOKIE}=${session}`],
        [`/incidents/${DRAFT}/changes`, `${PLAIN_SESSION_COOKIE}=${session}`],
        [`/incidents/${DRAFT}/export.html`, `${PLAIN_SESSION_COOKIE}=${session}`],
        [`/incidents/no-such-incident`, `${PLAIN_SESSION_COOKIE}=${session}`],
      ] as const) {
        const r = await get(target, cookie);
        expect([target, cookie, r.status], await r.text()).toEqual([target, cookie, 404]);
      }
      expect(asked.filter((a) => !a.url.includes("not-found"))).toEqual([{ url: `/incidents/${DRAFT}`, cookie: true }]);
    });

    it("once published, is rendered for everyone without the session that asked first, and kept", async () => {
      const actor = { kind: "system", name: "test" } as const;
      const slug = "published-later";
      await createIncident({ store: t.store(engine), actor, input: { slug, title: "Later", summary: "S", provider: "P", service: "Q", status: "resolved", impact: "I", cause: "C" } });
      await setPublished({ store: t.store(engine), actor, slug, published: true, input: { version: 1 } });
      asked.length = 0;
      const first = await get(`/incidents/${slug}`, `${PLAIN_SESSION_COOKIE}=${session}`);
      expect(await first.text()).toBe("<p>rendered for anyone</p>");
      const reader = await get(`/incidents/${slug}`);
      expect(await reader.text()).toBe("<p>rendered for anyone</p>");
      expect(asked).toEqual([{ url: `/incidents/${slug}`, cookie: false }]);
      expect((await get(`/incidents/${PUBLISHED}`, `${PLAIN_SESSION_COOKIE}=${session}`)).status).toBe(200);
    });
  });
});
