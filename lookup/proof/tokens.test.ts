import { describe, expect, it } from "vitest";
import { type SigningKey, currentKey, keysIn, rotateKeys } from "./keys";
import { TEST_SECRET } from "@/tests/support/test-database";
import { ENGINES, testStores } from "@/tests/support/stores";
import { signToken } from "@/lib/signed-token";
import { tenantKey } from "@/lib/tenant-key";
import { checkLink, linkTokenOf, linkToken, readSession, sessionOf, sessionToken } from "./tokens";
import { endLookupSession, sessionEnds } from "./session-end";
import { openStore } from "@/db/open-store";
import type { Engine, Store } from "@/db/store/store";
import { lookupSessionEnd } from "@/db/schema";

const kit = testStores("lookup-proof", { seed: false });
const SYSTEM = { kind: "system", name: "test" } as const;
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const NOW = 1_800_000_000;

/** The same token with one character of one part changed. */
function flip(token: string, part: 0 | 1 | 2): string {
  const parts = token.split(".");
  const text = parts[part] ?? "";
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  return parts.join(".");
}

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const key = () => currentKey(store(), TEST_SECRET, SYSTEM);
  const keys = (on: Store = store()) => on.read((tx) => keysIn(tx, TEST_SECRET));
  const link = async (over: Partial<{ incidentId: number; accountId: string; expiresAt: number }> = {}) =>
    linkToken(await key(), TEST_SECRET, { incidentId: 7, accountId: ACCOUNT, expiresAt: NOW + 60, ...over });

  describe("lookup links", () => {
    it("prove the account they were made for, in their incident, until they expire", async () => {
      // The first link makes the first key: the keys in force are read after it.
      const token = await link();
      expect(checkLink(await keys(), token, 7, NOW)).toEqual({
        ok: true,
        proof: { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link", incidentId: 7, expiresAt: NOW + 60 },
      });
    });

    it("prove nothing once expired, in another incident, or changed in any part", async () => {
      expect(checkLink(await keys(), await link(), 7, NOW + 60)).toEqual({ ok: false, reason: "expired" });
      expect(checkLink(await keys(), await link(), 8, NOW)).toEqual({ ok: false, reason: "other-incident" });
      for (const part of [0, 1, 2] as const) expect(checkLink(await keys(), flip(await link(), part), 7, NOW)).toEqual({ ok: false, reason: "invalid" });
      expect(checkLink(await keys(), `${await link()}x`, 7, NOW).ok).toBe(false);
      expect(checkLink(await keys(), "", 7, NOW).ok).toBe(false);
    });

    it("cannot be made without the lookup secret, nor from a session token", async () => {
      const forged = linkToken({ ...(await key()), key: Buffer.alloc(32, 1) }, TEST_SECRET, { incidentId: 7, accountId: ACCOUNT, expiresAt: NOW + 60 });
      expect(checkLink(await keys(), forged, 7, NOW)).toEqual({ ok: false, reason: "invalid" });
      const proof = { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link" as const, incidentId: 7, expiresAt: NOW + 60 };
      expect(checkLink(await keys(), sessionToken(await key(), proof, NOW + 60), 7, NOW).ok).toBe(false);
      // Signed by the right key for the right purpose, but not a link's payload.
      const signing: SigningKey = await key();
      expect(checkLink(await keys(), signToken(signing.key, signing.kid, "lookup-link", { v: 1, i: 7 }), 7, NOW).ok).toBe(false);
    });

    it("are all revoked when the key is rotated, and new ones work", async () => {
      const old = await link();
      await rotateKeys(store(), SYSTEM);
      expect(checkLink(await keys(), old, 7, NOW)).toEqual({ ok: false, reason: "invalid" });
      expect(checkLink(await keys(), await link(), 7, NOW).ok).toBe(true);
    });

    it("hold no account id, only its keyed hash", async () => {
      const payload = Buffer.from((await link()).split(".")[1] ?? "", "base64url").toString("utf8");
      expect(payload).not.toContain(ACCOUNT);
      expect(payload).toContain(tenantKey(TEST_SECRET, ACCOUNT));
    });

    it("are read from a whole link as from a bare token", async () => {
      const token = await link();
      expect(linkTokenOf(`https://status.example/incidents/x/lookup/link?token=${token}`)).toBe(token);
      expect(linkTokenOf(token)).toBe(token);
    });
  });

  describe("lookup sessions", () => {
    const live = async () => false;
    const proof = { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link" as const, incidentId: 7, expiresAt: NOW + 600 };

    it("end at the earlier of the proof's end and their own", async () => {
      expect(await readSession(await keys(), live, sessionToken(await key(), proof, NOW + 60), 7, NOW + 59)).toMatchObject({ expiresAt: NOW + 60 });
      expect(await readSession(await keys(), live, sessionToken(await key(), proof, NOW + 60), 7, NOW + 60)).toBeNull();
      expect(await readSession(await keys(), live, sessionToken(await key(), proof, NOW + 6000), 7, NOW)).toMatchObject({ expiresAt: NOW + 600 });
    });

    it("from a link hold for its incident only; from OpenID for every incident", async () => {
      expect(await readSession(await keys(), live, sessionToken(await key(), proof, NOW + 60), 8, NOW)).toBeNull();
      const openid = { ...proof, via: "openid" as const, incidentId: null };
      expect(await readSession(await keys(), live, sessionToken(await key(), openid, NOW + 60), 8, NOW)).toMatchObject({ via: "openid", incidentId: null });
    });

    it("end at a sign-out in every process on the database, and the list of ended ones keeps only those not yet expired", async () => {
      const token = sessionToken(await key(), proof, NOW + 60);
      const session = await sessionOf(await keys(), sessionEnds(store()), token, NOW);
      if (!session) throw new Error("the session did not open");
      expect(sessionToken(await key(), proof, NOW + 60)).not.toBe(token);
      await endLookupSession(store(), session, NOW);
      // Another store is another process's view of the same database.
      const other = otherStore(engine);
      try {
        expect(await readSession(await keys(other), sessionEnds(other), token, 7, NOW + 1)).toBeNull();
        const later = await sessionOf(await keys(other), sessionEnds(other), sessionToken(await key(), proof, NOW + 6000), NOW);
        if (!later) throw new Error("the session did not open");
        await endLookupSession(other, later, NOW + 60);
        expect(await store().q.select().from(lookupSessionEnd).all()).toEqual([{ sessionId: later.sessionId, expiresAt: NOW + 600 }]);
      } finally {
        await other.close();
      }
    });

    it("are not links, and a link is not a session", async () => {
      expect(await readSession(await keys(), live, await link(), 7, NOW)).toBeNull();
    });
  });
});

/** A store of its own on the kit's database of this engine. */
const otherStore = (engine: Engine): Store => openStore(engine === "sqlite" ? { engine, file: kit.file } : { engine, url: kit.pgUrl }, { max: 2, name: "aftermath-other" });
