import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "@/lib/secret-token";
import { ENGINES, testStores } from "@/tests/support/stores";
import { session, user } from "./schema";
import { createSession, deleteSession, deleteSessionsOf, resolveSession, type SessionPolicy } from "./sessions";
import { writeTransaction } from "./transaction";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const POLICY: SessionPolicy = { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR };
const T0 = Date.UTC(2026, 8, 10, 9, 0);

const kit = testStores("sessions", { seed: false });

describe.each(ENGINES)("sessions on %s", (engine) => {
  const store = () => kit.store(engine);
  let users = 0;
  /** A user straight into the table: these tests are about sessions, not passwords. */
  function newUser(role: "editor" | "admin" = "editor") {
    users += 1;
    return store().q.insert(user).values({ email: `u${users}@example.com`, passwordHash: "x", role }).returning().get();
  }

  const row = async (rawId: string) => (await store().q.select().from(session).all()).find((s) => s.idHash === hashToken(rawId));
  const resolve = (rawId: string, at: number) => resolveSession(store(), rawId, at, POLICY);
  const create = (userId: number, at: number) => createSession(store(), userId, at, POLICY);

  it("hand out a 256-bit id and store only its hash", async () => {
    const u = await newUser("admin");
    const rawId = await create(u.id, T0);
    expect(rawId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await row(rawId)).toEqual({ idHash: hashToken(rawId), userId: u.id, createdAt: T0, lastSeenAt: T0 });
    const dump = JSON.stringify(await store().q.select().from(session).all());
    expect(dump).not.toContain(rawId);
    expect(await resolve(rawId, T0 + 1)).toEqual({ user: { id: u.id, email: u.email, role: "admin" } });
  });

  it("refuse ids that are unknown or malformed", async () => {
    expect(await resolve("A".repeat(43), T0)).toBeNull();
    expect(await resolve("", T0)).toBeNull();
    expect(await resolve("' OR 1=1 --", T0)).toBeNull();
  });

  it("are refused, and deleted, once idle longer than the idle timeout", async () => {
    const u = await newUser();
    const kept = await create(u.id, T0);
    const idle = await create(u.id, T0);
    expect(await resolve(kept, T0 + 30 * MINUTE)).not.toBeNull();
    expect(await resolve(idle, T0 + 30 * MINUTE + 1)).toBeNull();
    expect(await row(idle)).toBeUndefined();
    expect(await resolve(idle, T0 + 30 * MINUTE + 2)).toBeNull();
  });

  it("record activity at most once a minute, and activity keeps them alive", async () => {
    const u = await newUser();
    const rawId = await create(u.id, T0);
    await resolve(rawId, T0 + 59_999);
    expect((await row(rawId))?.lastSeenAt).toBe(T0);
    await resolve(rawId, T0 + MINUTE);
    expect((await row(rawId))?.lastSeenAt).toBe(T0 + MINUTE);
    for (let t = T0 + 20 * MINUTE; t <= T0 + 2 * HOUR; t += 20 * MINUTE) expect(await resolve(rawId, t)).not.toBeNull();
    expect((await row(rawId))?.lastSeenAt).toBe(T0 + 2 * HOUR);
  });

  it("are refused, and deleted, past the absolute timeout however active", async () => {
    const u = await newUser();
    const rawId = await create(u.id, T0);
    for (let t = T0 + 10 * MINUTE; t <= T0 + 12 * HOUR; t += 10 * MINUTE) {
      expect(await resolve(rawId, t), `at ${(t - T0) / MINUTE} min`).not.toBeNull();
    }
    expect(await resolve(rawId, T0 + 12 * HOUR + 1)).toBeNull();
    expect(await row(rawId)).toBeUndefined();
  });

  it("end one at a time, all of a user's at once, and with their user", async () => {
    const a = await newUser();
    const b = await newUser();
    const [a1, a2, b1] = [await create(a.id, T0), await create(a.id, T0), await create(b.id, T0)];
    await deleteSession(store(), a1);
    await deleteSession(store(), "not-a-session");
    expect(await resolve(a1, T0 + 1)).toBeNull();
    expect(await resolve(a2, T0 + 1)).not.toBeNull();
    expect(await writeTransaction(store(), (tx) => deleteSessionsOf(tx, a.id))).toBe(1);
    expect(await resolve(a2, T0 + 2)).toBeNull();
    expect(await resolve(b1, T0 + 2)).not.toBeNull();
    await store().q.delete(user).where(eq(user.id, b.id)).run();
    expect(await resolve(b1, T0 + 3)).toBeNull();
    expect(await row(b1)).toBeUndefined();
  });

  it("sweep expired sessions when a new one is made", async () => {
    const u = await newUser();
    const old = await create(u.id, T0);
    await create(u.id, T0 + HOUR);
    expect(await row(old)).toBeUndefined();
  });
});
