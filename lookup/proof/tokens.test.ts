import { describe, expect, it } from "vitest";
import { currentKey, keysIn, rotateKeys } from "./keys";
import { TEST_SECRET, testDatabase } from "@/tests/support/test-database";
import { signToken } from "@/lib/signed-token";
import { tenantKey } from "@/lib/tenant-key";
import { checkLink, linkTokenOf, linkToken, readSession, sessionOf, sessionToken } from "./tokens";
import { endLookupSession, sessionEnds } from "./session-end";
import { openDatabase } from "@/db/client";
import { lookupSessionEnd } from "@/db/schema";

const t = testDatabase("lookup-proof");
const SYSTEM = { kind: "system", name: "test" } as const;
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const NOW = 1_800_000_000;
const key = () => currentKey(t.db, TEST_SECRET, SYSTEM);
const link = (over: Partial<{ incidentId: number; accountId: string; expiresAt: number }> = {}) =>
  linkToken(key(), TEST_SECRET, { incidentId: 7, accountId: ACCOUNT, expiresAt: NOW + 60, ...over });

/** The same token with one character of one part changed. */
function flip(token: string, part: 0 | 1 | 2): string {
  const parts = token.split(".");
  const text = parts[part] ?? "";
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  return parts.join(".");
}

describe("lookup links", () => {
  it("prove the account they were made for, in their incident, until they expire", () => {
    expect(checkLink(keysIn(t.db, TEST_SECRET), link(), 7, NOW)).toEqual({
      ok: true,
      proof: { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link", incidentId: 7, expiresAt: NOW + 60 },
    });
  });

  it("prove nothing once expired, in another incident, or changed in any part", () => {
    expect(checkLink(keysIn(t.db, TEST_SECRET), link(), 7, NOW + 60)).toEqual({ ok: false, reason: "expired" });
    expect(checkLink(keysIn(t.db, TEST_SECRET), link(), 8, NOW)).toEqual({ ok: false, reason: "other-incident" });
    for (const part of [0, 1, 2] as const) expect(checkLink(keysIn(t.db, TEST_SECRET), flip(link(), part), 7, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkLink(keysIn(t.db, TEST_SECRET), `${link()}x`, 7, NOW).ok).toBe(false);
    expect(checkLink(keysIn(t.db, TEST_SECRET), "", 7, NOW).ok).toBe(false);
  });

  it("cannot be made without the lookup secret, nor from a session token", () => {
    const forged = linkToken({ ...key(), key: Buffer.alloc(32, 1) }, TEST_SECRET, { incidentId: 7, accountId: ACCOUNT, expiresAt: NOW + 60 });
    expect(checkLink(keysIn(t.db, TEST_SECRET), forged, 7, NOW)).toEqual({ ok: false, reason: "invalid" });
    const proof = { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link" as const, incidentId: 7, expiresAt: NOW + 60 };
    expect(checkLink(keysIn(t.db, TEST_SECRET), sessionToken(key(), proof, NOW + 60), 7, NOW).ok).toBe(false);
    // Signed by the right key for the right purpose, but not a link's payload.
    expect(checkLink(keysIn(t.db, TEST_SECRET), signToken(key().key, key().kid, "lookup-link", { v: 1, i: 7 }), 7, NOW).ok).toBe(false);
  });

  it("are all revoked when the key is rotated, and new ones work", () => {
    const old = link();
    rotateKeys(t.db, SYSTEM);
    expect(checkLink(keysIn(t.db, TEST_SECRET), old, 7, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkLink(keysIn(t.db, TEST_SECRET), link(), 7, NOW).ok).toBe(true);
  });

  it("hold no account id, only its keyed hash", () => {
    const payload = Buffer.from(link().split(".")[1] ?? "", "base64url").toString("utf8");
    expect(payload).not.toContain(ACCOUNT);
    expect(payload).toContain(tenantKey(TEST_SECRET, ACCOUNT));
  });

  it("are read from a whole link as from a bare token", () => {
    const token = link();
    expect(linkTokenOf(`https://status.example/incidents/x/lookup/link?token=${token}`)).toBe(token);
    expect(linkTokenOf(token)).toBe(token);
  });
});

describe("lookup sessions", () => {
  const live = () => false;
  const proof = { tenantKey: tenantKey(TEST_SECRET, ACCOUNT), ending: "cdef", via: "link" as const, incidentId: 7, expiresAt: NOW + 600 };

  it("end at the earlier of the proof's end and their own", () => {
    expect(readSession(keysIn(t.db, TEST_SECRET), live, sessionToken(key(), proof, NOW + 60), 7, NOW + 59)).toMatchObject({ expiresAt: NOW + 60 });
    expect(readSession(keysIn(t.db, TEST_SECRET), live, sessionToken(key(), proof, NOW + 60), 7, NOW + 60)).toBeNull();
    expect(readSession(keysIn(t.db, TEST_SECRET), live, sessionToken(key(), proof, NOW + 6000), 7, NOW)).toMatchObject({ expiresAt: NOW + 600 });
  });

  it("from a link hold for its incident only; from OpenID for every incident", () => {
    expect(readSession(keysIn(t.db, TEST_SECRET), live, sessionToken(key(), proof, NOW + 60), 8, NOW)).toBeNull();
    const openid = { ...proof, via: "openid" as const, incidentId: null };
    expect(readSession(keysIn(t.db, TEST_SECRET), live, sessionToken(key(), openid, NOW + 60), 8, NOW)).toMatchObject({ via: "openid", incidentId: null });
  });

  it("end at a sign-out in every process on the database, and the list of ended ones keeps only those not yet expired", () => {
    const token = sessionToken(key(), proof, NOW + 60);
    const session = sessionOf(keysIn(t.db, TEST_SECRET), sessionEnds(t.db), token, NOW);
    if (!session) throw new Error("the session did not open");
    expect(sessionToken(key(), proof, NOW + 60)).not.toBe(token);
    endLookupSession(t.db, session, NOW);
    // Another connection is another process's view of the same file.
    const other = openDatabase(t.file);
    try {
      expect(readSession(keysIn(other, TEST_SECRET), sessionEnds(other), token, 7, NOW + 1)).toBeNull();
      const later = sessionOf(keysIn(other, TEST_SECRET), sessionEnds(other), sessionToken(key(), proof, NOW + 6000), NOW);
      if (!later) throw new Error("the session did not open");
      endLookupSession(other, later, NOW + 60);
      expect(t.db.select().from(lookupSessionEnd).all()).toEqual([{ sessionId: later.sessionId, expiresAt: NOW + 600 }]);
    } finally {
      other.$client.close();
    }
  });

  it("are not links, and a link is not a session", () => {
    expect(readSession(keysIn(t.db, TEST_SECRET), live, link(), 7, NOW)).toBeNull();
  });
});
