import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { issueLinks } from "@/lookup/proof/links";
import { rotateKeys } from "@/lookup/proof/keys";
import { linkTokenOf } from "@/lookup/proof/tokens";
import { setPublished } from "@/db/write/incident";
import { SLUG } from "./support/contract";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { sampleAccountIds } from "./support/sample";
import { signOut } from "./support/lookup";

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

function linkFor(accountId: string): string {
  const db = openDatabase(first.databasePath);
  try {
    const { links } = issueLinks(db, SYSTEM, { slug: SLUG, accountIds: [accountId], expiresAt: new Date(Date.now() + 3600_000), origin: first.baseURL, secret: SECRET });
    return linkTokenOf(links[0]?.link ?? "");
  } finally {
    db.$client.close();
  }
}

describe("two server processes on one database", () => {
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
    const link = linkFor(sampleAccountIds()[0] as string);
    expect((await lookup(first, { link }, "127.9.0.2")).status).toBe(200);
    expect((await lookup(second as OwnServer, { link }, "127.9.0.3")).status).toBe(200);
    const db = openDatabase(first.databasePath);
    try {
      rotateKeys(db, SYSTEM);
    } finally {
      db.$client.close();
    }
    for (const server of [first, second as OwnServer]) {
      const refused = await lookup(server, { link }, "127.9.0.4");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code?: string }).code).toBe("link-invalid");
    }
    expect((await lookup(second as OwnServer, { link: linkFor(sampleAccountIds()[0] as string) }, "127.9.0.5")).status).toBe(200);
  });

  it("take a lookup session that one of them ended at sign-out at neither", async () => {
    const opened = await fetch(new URL(`/incidents/${SLUG}/lookup/link?token=${linkFor(sampleAccountIds()[2] as string)}`, first.baseURL), { redirect: "manual", headers: { "x-forwarded-for": "127.9.0.9" } });
    const cookie = opened.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    let clients = 10;
    const withCookie = (server: OwnServer) =>
      fetch(new URL(`/api/incidents/${SLUG}/lookup`, server.baseURL), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": `127.9.0.${++clients}`, cookie }, body: "{}" });
    expect((await withCookie(second as OwnServer)).status).toBe(200);
    expect((await signOut(SLUG, cookie, first.baseURL)).status).toBe(303);
    for (const server of [first, second as OwnServer]) expect((await withCookie(server)).status).toBe(403);
  });

  it("answer from the record as it stands: unpublished by another process, the incident is gone at once, for a link and for no proof", async () => {
    const link = linkFor(sampleAccountIds()[1] as string);
    expect((await lookup(first, { link }, "127.9.0.6")).status).toBe(200);
    expect((await lookup(second as OwnServer, { accountId: "b".repeat(32) }, "127.9.0.7")).status).toBe(403);
    const publish = (published: boolean) => {
      const db = openDatabase(first.databasePath);
      try {
        const version = db.$client.prepare("SELECT version FROM incident WHERE slug = ?").pluck().get(SLUG);
        setPublished({ db, actor: SYSTEM, slug: SLUG, published, input: { version } });
      } finally {
        db.$client.close();
      }
    };
    publish(false);
    expect((await lookup(first, { link }, "127.9.0.6")).status).toBe(404);
    expect((await lookup(second as OwnServer, { accountId: "b".repeat(32) }, "127.9.0.7")).status).toBe(404);
    publish(true);
    expect((await lookup(second as OwnServer, { link }, "127.9.0.8")).status).toBe(200);
  });
});
