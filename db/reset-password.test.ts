import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { auditEntry } from "./schema";
import { createSession, resolveSession } from "./sessions";
import { ENGINES, testStores } from "@/tests/support/stores";
import { authenticate, createUser, findUserByEmail, InvalidUserError, resetPassword } from "./users";

const OLD = "the old passphrase";
const NEW = "a brand new passphrase";
const OPERATOR: Actor = { kind: "system", name: "user-password by alice" };
const kit = testStores("reset", { seed: false });

describe.each(ENGINES)("resetPassword on %s", (engine) => {
  const store = () => kit.store(engine);
  const audits = () => store().q.select().from(auditEntry).orderBy(auditEntry.id).all();
  const hashOf = async (email: string) => (await store().read((tx) => findUserByEmail(tx, email)))?.passwordHash;

  it("refuses the old password and accepts the new one, ends every session of that user only, and audits without either password", async () => {
    const bob = await createUser(store(), { email: "bob@example.com", password: OLD, role: "editor" });
    const carol = await createUser(store(), { email: "carol@example.com", password: OLD, role: "admin" });
    const bobs = [await createSession(store(), bob.id), await createSession(store(), bob.id)];
    const carols = await createSession(store(), carol.id);
    const oldHash = await hashOf("bob@example.com");
    const before = (await audits()).length;

    const done = await resetPassword(store(), OPERATOR, { email: " Bob@Example.com", password: NEW });

    expect(done).toEqual({ user: bob, sessionsEnded: 2 });
    expect(await authenticate(store(), "bob@example.com", OLD)).toBeNull();
    expect(await authenticate(store(), "bob@example.com", NEW)).toMatchObject({ id: bob.id });
    expect(await Promise.all(bobs.map((id) => resolveSession(store(), id)))).toEqual([null, null]);
    expect(await resolveSession(store(), carols)).toMatchObject({ user: { email: "carol@example.com" } });
    expect(await authenticate(store(), "carol@example.com", OLD)).not.toBeNull();
    const added = (await audits()).slice(before);
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
    for (const secret of [OLD, NEW, oldHash, await hashOf("bob@example.com")]) expect(dump).not.toContain(secret);
  });

  it("refuses an unknown email, a password against the policy and any actor but one at the shell, changing nothing", async () => {
    const dave = await createUser(store(), { email: "dave@example.com", password: OLD, role: "editor" });
    const session = await createSession(store(), dave.id);
    const before = (await audits()).length;
    await expect(resetPassword(store(), OPERATOR, { email: "nobody@example.com", password: NEW })).rejects.toMatchObject({ code: "not-found" });
    await expect(resetPassword(store(), OPERATOR, { email: "dave@example.com", password: "too short" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(resetPassword(store(), OPERATOR, { email: "not an email", password: NEW })).rejects.toBeInstanceOf(InvalidUserError);
    const admin: Actor = { kind: "user", id: 99, email: "admin@example.com", role: "admin" };
    await expect(resetPassword(store(), admin, { email: "dave@example.com", password: NEW })).rejects.toMatchObject({ code: "forbidden" });
    expect(await authenticate(store(), "dave@example.com", OLD)).not.toBeNull();
    expect(await resolveSession(store(), session)).not.toBeNull();
    expect((await audits()).length).toBe(before);
  });
});
