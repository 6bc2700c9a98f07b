import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { apiToken, auditEntry } from "./schema";
import { ENGINES, testStores } from "@/tests/support/stores";
import { actorFromBearer, createToken, revokeToken } from "./tokens";

const OPERATOR: Actor = { kind: "system", name: "token-revoke by alice" };
const kit = testStores("tokens", { seed: false });

const bearer = (token: string) => `Bearer ${token}`;

describe.each(ENGINES)("revokeToken on %s", (engine) => {
  const store = () => kit.store(engine);
  const audits = () => store().q.select().from(auditEntry).orderBy(auditEntry.id).all();
  const actorOf = (token: string) => store().read((tx) => actorFromBearer(tx, bearer(token)));

  it("makes actorFromBearer refuse the token from the next request, leaving other tokens working", async () => {
    const ci = await createToken(store(), "ci", "write");
    const other = await createToken(store(), "reporting", "read");
    expect(await actorOf(ci)).toMatchObject({ kind: "token", name: "ci", scope: "write" });
    const before = (await audits()).length;

    const { revokedAt, alreadyRevoked } = await revokeToken(store(), OPERATOR, "ci", new Date("2026-09-10T08:00:00Z"));

    expect([revokedAt, alreadyRevoked]).toEqual(["2026-09-10T08:00:00.000Z", false]);
    expect(await actorOf(ci)).toBeNull();
    expect(await actorOf(other)).toMatchObject({ name: "reporting" });
    const row = await store().q.select().from(apiToken).where(eq(apiToken.name, "ci")).get();
    expect(row?.revokedAt).toBe(revokedAt);
    const added = (await audits()).slice(before);
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

  it("leaves a token revoked already as it was, with no second audit entry", async () => {
    await createToken(store(), "twice", "read");
    const first = await revokeToken(store(), OPERATOR, "twice");
    const before = (await audits()).length;
    expect(await revokeToken(store(), OPERATOR, "twice", new Date(Date.now() + 60_000))).toEqual({ revokedAt: first.revokedAt, alreadyRevoked: true });
    expect((await audits()).length).toBe(before);
  });

  it("refuses an unknown name, and any actor but one at the shell, changing nothing", async () => {
    const token = await createToken(store(), "kept", "read");
    const before = (await audits()).length;
    await expect(revokeToken(store(), OPERATOR, "no-such-token")).rejects.toThrow(expect.objectContaining({ code: "not-found" }));
    const admin: Actor = { kind: "user", id: 1, email: "admin@example.com", role: "admin" };
    await expect(revokeToken(store(), admin, "kept")).rejects.toThrow(DomainError);
    await expect(revokeToken(store(), { kind: "token", id: 1, name: "ci", scope: "write" }, "kept")).rejects.toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(await actorOf(token)).not.toBeNull();
    expect((await audits()).length).toBe(before);
  });
});
