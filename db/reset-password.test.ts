import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { type Db, openDatabase } from "./client";
import { readEnv } from "./env";
import { prepareDatabase } from "./prepare";
import { auditEntry } from "./schema";
import { createSession, resolveSession } from "./sessions";
import { authenticate, createUser, findUserByEmail, InvalidUserError, resetPassword } from "./users";

const OLD = "the old passphrase";
const NEW = "a brand new passphrase";
const OPERATOR: Actor = { kind: "system", name: "user-password by alice" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-reset-test-"));
let db: Db;

beforeAll(async () => {
  const env = readEnv({ DATABASE_PATH: path.join(dir, "aftermath.db"), LOOKUP_SECRET: "r".repeat(40) });
  await prepareDatabase({ env, seed: false });
  db = openDatabase(env.DATABASE_PATH);
});
afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const audits = () => db.select().from(auditEntry).all();

describe("resetPassword", () => {
  it("refuses the old password and accepts the new one, ends every session of that user only, and audits without either password", async () => {
    const bob = await createUser(db, { email: "bob@example.com", password: OLD, role: "editor" });
    const carol = await createUser(db, { email: "carol@example.com", password: OLD, role: "admin" });
    const bobs = [createSession(db, bob.id), createSession(db, bob.id)];
    const carols = createSession(db, carol.id);
    const oldHash = findUserByEmail(db, "bob@example.com")?.passwordHash;
    const before = audits().length;

    const done = await resetPassword(db, OPERATOR, { email: " Bob@Example.com", password: NEW });

    expect(done).toEqual({ user: bob, sessionsEnded: 2 });
    expect(await authenticate(db, "bob@example.com", OLD)).toBeNull();
    expect(await authenticate(db, "bob@example.com", NEW)).toMatchObject({ id: bob.id });
    expect(bobs.map((id) => resolveSession(db, id))).toEqual([null, null]);
    expect(resolveSession(db, carols)).toMatchObject({ user: { email: "carol@example.com" } });
    expect(await authenticate(db, "carol@example.com", OLD)).not.toBeNull();
    const added = audits().slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        actor: "system:user-password by alice",
        incidentId: null,
        action: "update",
        entity: "user",
        entityId: bob.id,
        before: JSON.stringify({ email: "bob@example.com" }),
        after: JSON.stringify({ email: "bob@example.com", password: "reset", sessionsEnded: 2 }),
      }),
    ]);
    const dump = JSON.stringify(added);
    for (const secret of [OLD, NEW, oldHash, findUserByEmail(db, "bob@example.com")?.passwordHash]) expect(dump).not.toContain(secret);
  });

  it("refuses an unknown email, a password against the policy and any actor but one at the shell, changing nothing", async () => {
    const dave = await createUser(db, { email: "dave@example.com", password: OLD, role: "editor" });
    const session = createSession(db, dave.id);
    const before = audits().length;
    await expect(resetPassword(db, OPERATOR, { email: "nobody@example.com", password: NEW })).rejects.toMatchObject({ code: "not-found" });
    await expect(resetPassword(db, OPERATOR, { email: "dave@example.com", password: "too short" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(resetPassword(db, OPERATOR, { email: "not an email", password: NEW })).rejects.toBeInstanceOf(InvalidUserError);
    const admin: Actor = { kind: "user", id: 99, email: "admin@example.com", role: "admin" };
    await expect(resetPassword(db, admin, { email: "dave@example.com", password: NEW })).rejects.toMatchObject({ code: "forbidden" });
    expect(await authenticate(db, "dave@example.com", OLD)).not.toBeNull();
    expect(resolveSession(db, session)).not.toBeNull();
    expect(audits().length).toBe(before);
  });
});
