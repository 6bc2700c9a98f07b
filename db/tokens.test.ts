import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { apiToken, auditEntry } from "./schema";
import { testDatabase } from "@/tests/support/test-database";
import { actorFromBearer, createToken, revokeToken } from "./tokens";

const OPERATOR: Actor = { kind: "system", name: "token-revoke by alice" };
const store = testDatabase("tokens");

const bearer = (token: string) => `Bearer ${token}`;
const audits = () => store.db.select().from(auditEntry).all();

describe("revokeToken", () => {
  it("makes actorFromBearer refuse the token from the next request, leaving other tokens working", () => {
    const ci = createToken(store.db, "ci", "write");
    const other = createToken(store.db, "reporting", "read");
    expect(actorFromBearer(store.db, bearer(ci))).toMatchObject({ kind: "token", name: "ci", scope: "write" });
    const before = audits().length;

    const { revokedAt, alreadyRevoked } = revokeToken(store.db, OPERATOR, "ci", new Date("2026-09-10T08:00:00Z"));

    expect([revokedAt, alreadyRevoked]).toEqual(["2026-09-10T08:00:00.000Z", false]);
    expect(actorFromBearer(store.db, bearer(ci))).toBeNull();
    expect(actorFromBearer(store.db, bearer(other))).toMatchObject({ name: "reporting" });
    const row = store.db.select().from(apiToken).where(eq(apiToken.name, "ci")).get();
    expect(row?.revokedAt).toBe(revokedAt);
    const added = audits().slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        actor: "system:token-revoke by alice",
        incidentId: null,
        action: "update",
        entity: "api_token",
        entityId: row?.id,
        before: JSON.stringify({ name: "ci", revokedAt: null }),
        after: JSON.stringify({ name: "ci", revokedAt }),
      }),
    ]);
    expect(JSON.stringify(added)).not.toContain(ci.slice(4));
    expect(JSON.stringify(added)).not.toContain(row?.tokenHash);
  });

  it("leaves a token revoked already as it was, with no second audit entry", () => {
    createToken(store.db, "twice", "read");
    const first = revokeToken(store.db, OPERATOR, "twice");
    const before = audits().length;
    expect(revokeToken(store.db, OPERATOR, "twice", new Date(Date.now() + 60_000))).toEqual({ revokedAt: first.revokedAt, alreadyRevoked: true });
    expect(audits().length).toBe(before);
  });

  it("refuses an unknown name, and any actor but one at the shell, changing nothing", () => {
    const token = createToken(store.db, "kept", "read");
    const before = audits().length;
    expect(() => revokeToken(store.db, OPERATOR, "no-such-token")).toThrow(expect.objectContaining({ code: "not-found" }));
    const admin: Actor = { kind: "user", id: 1, email: "admin@example.com", role: "admin" };
    expect(() => revokeToken(store.db, admin, "kept")).toThrow(DomainError);
    expect(() => revokeToken(store.db, { kind: "token", id: 1, name: "ci", scope: "write" }, "kept")).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(actorFromBearer(store.db, bearer(token))).not.toBeNull();
    expect(audits().length).toBe(before);
  });
});
