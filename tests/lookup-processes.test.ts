import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { incident } from "@/db/schema";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { issueLinks } from "@/lookup/proof/links";
import { rotateKeys } from "@/lookup/proof/keys";
import { linkTokenOf } from "@/lookup/proof/tokens";
import { setPublished } from "@/db/write/incident";
import { SLUG } from "./support/contract";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { sampleAccountIds } from "./support/sample";
import { signOut } from "./support/lookup";
import { submitForm } from "./support/forms";
import { visibleText } from "./support/html";

// Two production servers on one database, as two processes behind one proxy would run: the
// lookup's limits count across both and survive a restart; a key rotated by a third process (the
// operator's command) revokes links at both at once. Own servers, so no other test file shares them.

const SECRET = "5eed".repeat(16);
// Two a minute: a token comes back every 30 s, longer than a server's restart takes on a loaded machine
// (at 5, one came back during the restart and the count looked forgotten).
const LIMIT = 2;
const SYSTEM = { kind: "system", name: "lookup-processes-test" } as const;
let first: OwnServer;
let second: OwnServer | undefined;
const env = (databasePath?: string) => ({
  LOOKUP_SECRET: SECRET,
  TRUST_PROXY: "1",
  LOOKUP_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  ...(databasePath ? { DATABASE_URL: databasePath } : {}),
});
const startSecond = async () => (second = await startOwnServer(await freePort(), env(first.databasePath)));

beforeAll(async () => {
  first = await startOwnServer(await freePort(), env());
  await startSecond();
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

function lookup(server: OwnServer, body: unknown, client: string): Promise<Response> {
  return fetch(new URL(`/api/incidents/${SLUG}/lookup`, server.baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify(body),
  });
}

/** Work on the servers' database as a third process (the operator's command) would: a store of its own, closed after. */
async function onDatabase<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = sqliteStore(first.databasePath);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function linkFor(accountId: string): Promise<string> {
  const { links } = await onDatabase((store) => issueLinks(store, SYSTEM, { slug: SLUG, accountIds: [accountId], expiresAt: new Date(Date.now() + 3600_000), origin: first.baseURL, secret: SECRET }));
  return linkTokenOf(links[0]?.link ?? "");
}

describe("two server processes on one database", () => {
  it("answer the lookup form 429 with Retry-After once the client's budget is spent, API and form together", async () => {
    const client = "127.9.1.1";
    for (let i = 0; i < LIMIT; i++) expect((await lookup(first, { accountId: "d".repeat(32) }, client)).status).toBe(403);
    const form = await submitForm(`/incidents/${SLUG}/lookup`, { accountId: "e".repeat(32), requestIds: "r-1" }, { client, baseURL: first.baseURL, headers: { accept: "text/html" } });
    expect(form.response.status).toBe(429);
    expect(Number(form.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(form.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(visibleText(form.html)).toMatch(/Too many lookups.*Try again in \d+ seconds?/);
  });

  it("count one client's lookups together, and the count survives a restart", async () => {
    const client = "127.9.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await lookup(i % 2 ? first : (second as OwnServer), { accountId: "a".repeat(32) }, client)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(403));
    expect((await lookup(first, { accountId: "a".repeat(32) }, client)).status).toBe(429);
    await second?.stop();
    await startSecond();
    const again = await lookup(second as OwnServer, { accountId: "a".repeat(32) }, client);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("stop taking a link at their next request once another process rotates the key", async () => {
    const link = await linkFor(sampleAccountIds()[0] as string);
    expect((await lookup(first, { link }, "127.9.0.2")).status).toBe(200);
    expect((await lookup(second as OwnServer, { link }, "127.9.0.3")).status).toBe(200);
    await onDatabase((store) => rotateKeys(store, SYSTEM));
    for (const server of [first, second as OwnServer]) {
      const refused = await lookup(server, { link }, "127.9.0.4");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code?: string }).code).toBe("link-invalid");
    }
    expect((await lookup(second as OwnServer, { link: await linkFor(sampleAccountIds()[0] as string) }, "127.9.0.5")).status).toBe(200);
  });

  it("take a lookup session that one of them ended at sign-out at neither", async () => {
    const opened = await fetch(new URL(`/incidents/${SLUG}/lookup/link?token=${await linkFor(sampleAccountIds()[2] as string)}`, first.baseURL), { redirect: "manual", headers: { "x-forwarded-for": "127.9.0.9" } });
    const cookie = opened.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    let clients = 10;
    const withCookie = (server: OwnServer) =>
      fetch(new URL(`/api/incidents/${SLUG}/lookup`, server.baseURL), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": `127.9.0.${++clients}`, cookie }, body: "{}" });
    expect((await withCookie(second as OwnServer)).status).toBe(200);
    expect((await signOut(SLUG, cookie, first.baseURL)).status).toBe(303);
    for (const server of [first, second as OwnServer]) expect((await withCookie(server)).status).toBe(403);
  });

  it("answer from the record as it stands: unpublished by another process, the incident is gone at once, for a link and for no proof", async () => {
    const link = await linkFor(sampleAccountIds()[1] as string);
    expect((await lookup(first, { link }, "127.9.0.6")).status).toBe(200);
    expect((await lookup(second as OwnServer, { accountId: "b".repeat(32) }, "127.9.0.7")).status).toBe(403);
    const publish = (published: boolean) =>
      onDatabase(async (store) => {
        const version = (await store.q.select({ version: incident.version }).from(incident).where(eq(incident.slug, SLUG)).get())?.version;
        await setPublished({ store, actor: SYSTEM, slug: SLUG, published, input: { version } });
      });
    await publish(false);
    expect((await lookup(first, { link }, "127.9.0.6")).status).toBe(404);
    expect((await lookup(second as OwnServer, { accountId: "b".repeat(32) }, "127.9.0.7")).status).toBe(404);
    await publish(true);
    expect((await lookup(second as OwnServer, { link }, "127.9.0.8")).status).toBe(200);
  });
});
