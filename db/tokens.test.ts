import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { type Db, openDatabase } from "./client";
import { readEnv } from "./env";
import { prepareDatabase } from "./prepare";
import { apiToken, auditEntry } from "./schema";
import { actorFromBearer, createToken, revokeToken } from "./tokens";

const OPERATOR: Actor = { kind: "system", name: "token-revoke by alice" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-tokens-test-"));
let db: Db;

beforeAll(async () => {
  const env = readEnv({ DATABASE_PATH: path.join(dir, "aftermath.db"), LOOKUP_SECRET: "t".repeat(40) });
  await prepareDatabase({ env, seed: false });
  db = openDatabase(env.DATABASE_PATH);
});
afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bearer = (token: string) => `Bearer ${token}`;
const audits = () => db.select().from(auditEntry).all();

describe("revokeToken", () => {
  it("makes actorFromBearer refuse the token from the next request, leaving other tokens working", () => {
    const ci = createToken(db, "ci", "write");
    const other = createToken(db, "reporting", "read");
    expect(actorFromBearer(db, bearer(ci))).toMatchObject({ kind: "token", name: "ci", scope: "write" });
    const before = audits().length;

    const { revokedAt, alreadyRevoked } = revokeToken(db, OPERATOR, "ci", new Date("2026-09-10T08:00:00Z"));

    expect([revokedAt, alreadyRevoked]).toEqual(["2026-09-10T08:00:00.000Z", false]);
    expect(actorFromBearer(db, bearer(ci))).toBeNull();
    expect(actorFromBearer(db, bearer(other))).toMatchObject({ name: "reporting" });
    const row = db.select().from(apiToken).where(eq(apiToken.name, "ci")).get();
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
    createToken(db, "twice", "read");
    const first = revokeToken(db, OPERATOR, "twice");
    const before = audits().length;
    expect(revokeToken(db, OPERATOR, "twice", new Date(Date.now() + 60_000))).toEqual({ revokedAt: first.revokedAt, alreadyRevoked: true });
    expect(audits().length).toBe(before);
  });

  it("refuses an unknown name, and any actor but one at the shell, changing nothing", () => {
    const token = createToken(db, "kept", "read");
    const before = audits().length;
    expect(() => revokeToken(db, OPERATOR, "no-such-token")).toThrow(expect.objectContaining({ code: "not-found" }));
    const admin: Actor = { kind: "user", id: 1, email: "admin@example.com", role: "admin" };
    expect(() => revokeToken(db, admin, "kept")).toThrow(DomainError);
    expect(() => revokeToken(db, { kind: "token", id: 1, name: "ci", scope: "write" }, "kept")).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(actorFromBearer(db, bearer(token))).not.toBeNull();
    expect(audits().length).toBe(before);
  });
});
