import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { auditEntry } from "./schema";
import { createSession, resolveSession } from "./sessions";
import { testDatabase } from "@/tests/support/test-database";
import { authenticate, createUser, findUserByEmail, InvalidUserError, resetPassword } from "./users";

const OLD = "the old passphrase";
const NEW = "a brand new passphrase";
const OPERATOR: Actor = { kind: "system", name: "user-password by alice" };
const store = testDatabase("reset");

const audits = () => store.db.select().from(auditEntry).all();

describe("resetPassword", () => {
  it("refuses the old password and accepts the new one, ends every session of that user only, and audits without either password", async () => {
    const bob = await createUser(store.db, { email: "bob@example.com", password: OLD, role: "editor" });
    const carol = await createUser(store.db, { email: "carol@example.com", password: OLD, role: "admin" });
    const bobs = [createSession(store.db, bob.id), createSession(store.db, bob.id)];
    const carols = createSession(store.db, carol.id);
    const oldHash = findUserByEmail(store.db, "bob@example.com")?.passwordHash;
    const before = audits().length;

    const done = await resetPassword(store.db, OPERATOR, { email: " Bob@Example.com", password: NEW });

    expect(done).toEqual({ user: bob, sessionsEnded: 2 });
    expect(await authenticate(store.db, "bob@example.com", OLD)).toBeNull();
    expect(await authenticate(store.db, "bob@example.com", NEW)).toMatchObject({ id: bob.id });
    expect(bobs.map((id) => resolveSession(store.db, id))).toEqual([null, null]);
    expect(resolveSession(store.db, carols)).toMatchObject({ user: { email: "carol@example.com" } });
    expect(await authenticate(store.db, "carol@example.com", OLD)).not.toBeNull();
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
    for (const secret of [OLD, NEW, oldHash, findUserByEmail(store.db, "bob@example.com")?.passwordHash]) expect(dump).not.toContain(secret);
  });

  it("refuses an unknown email, a password against the policy and any actor but one at the shell, changing nothing", async () => {
    const dave = await createUser(store.db, { email: "dave@example.com", password: OLD, role: "editor" });
    const session = createSession(store.db, dave.id);
    const before = audits().length;
    await expect(resetPassword(store.db, OPERATOR, { email: "nobody@example.com", password: NEW })).rejects.toMatchObject({ code: "not-found" });
    await expect(resetPassword(store.db, OPERATOR, { email: "dave@example.com", password: "too short" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(resetPassword(store.db, OPERATOR, { email: "not an email", password: NEW })).rejects.toBeInstanceOf(InvalidUserError);
    const admin: Actor = { kind: "user", id: 99, email: "admin@example.com", role: "admin" };
    await expect(resetPassword(store.db, admin, { email: "dave@example.com", password: NEW })).rejects.toMatchObject({ code: "forbidden" });
    expect(await authenticate(store.db, "dave@example.com", OLD)).not.toBeNull();
    expect(resolveSession(store.db, session)).not.toBeNull();
    expect(audits().length).toBe(before);
  });
});
