import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/secret-token";
import { type Db, openDatabase } from "./client";
import { databasePath, readEnv } from "@/config/env";
import { prepareDatabase } from "./prepare";
import { session, user } from "./schema";
import { createSession, deleteSession, deleteSessionsOf, resolveSession, type SessionPolicy } from "./sessions";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const POLICY: SessionPolicy = { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR };
const T0 = Date.UTC(2026, 8, 10, 9, 0);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-sessions-test-"));
let db: Db;

beforeAll(async () => {
  const env = readEnv({ DATABASE_URL: path.join(dir, "aftermath.db"), LOOKUP_SECRET: "s".repeat(40) });
  await prepareDatabase({ env, seed: false });
  db = openDatabase(databasePath(env));
});
afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let users = 0;
/** A user straight into the table: these tests are about sessions, not passwords. */
function newUser(role: "editor" | "admin" = "editor") {
  users += 1;
  return db.insert(user).values({ email: `u${users}@example.com`, passwordHash: "x", role }).returning().get();
}

const row = (rawId: string) => db.select().from(session).all().find((s) => s.idHash === hashToken(rawId));

describe("sessions", () => {
  it("hand out a 256-bit id and store only its hash", () => {
    const u = newUser("admin");
    const rawId = createSession(db, u.id, T0, POLICY);
    expect(rawId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row(rawId)).toEqual({ idHash: hashToken(rawId), userId: u.id, createdAt: T0, lastSeenAt: T0 });
    const dump = JSON.stringify(db.$client.prepare("SELECT * FROM session").all());
    expect(dump).not.toContain(rawId);
    expect(resolveSession(db, rawId, T0 + 1, POLICY)).toEqual({ user: { id: u.id, email: u.email, role: "admin" } });
  });

  it("refuse ids that are unknown or malformed", () => {
    expect(resolveSession(db, "A".repeat(43), T0, POLICY)).toBeNull();
    expect(resolveSession(db, "", T0, POLICY)).toBeNull();
    expect(resolveSession(db, "' OR 1=1 --", T0, POLICY)).toBeNull();
  });

  it("are refused, and deleted, once idle longer than the idle timeout", () => {
    const u = newUser();
    const kept = createSession(db, u.id, T0, POLICY);
    const idle = createSession(db, u.id, T0, POLICY);
    expect(resolveSession(db, kept, T0 + 30 * MINUTE, POLICY)).not.toBeNull();
    expect(resolveSession(db, idle, T0 + 30 * MINUTE + 1, POLICY)).toBeNull();
    expect(row(idle)).toBeUndefined();
    expect(resolveSession(db, idle, T0 + 30 * MINUTE + 2, POLICY)).toBeNull();
  });

  it("record activity at most once a minute, and activity keeps them alive", () => {
    const u = newUser();
    const rawId = createSession(db, u.id, T0, POLICY);
    resolveSession(db, rawId, T0 + 59_999, POLICY);
    expect(row(rawId)?.lastSeenAt).toBe(T0);
    resolveSession(db, rawId, T0 + MINUTE, POLICY);
    expect(row(rawId)?.lastSeenAt).toBe(T0 + MINUTE);
    for (let t = T0 + 20 * MINUTE; t <= T0 + 2 * HOUR; t += 20 * MINUTE) expect(resolveSession(db, rawId, t, POLICY)).not.toBeNull();
    expect(row(rawId)?.lastSeenAt).toBe(T0 + 2 * HOUR);
  });

  it("are refused, and deleted, past the absolute timeout however active", () => {
    const u = newUser();
    const rawId = createSession(db, u.id, T0, POLICY);
    for (let t = T0 + 10 * MINUTE; t <= T0 + 12 * HOUR; t += 10 * MINUTE) {
      expect(resolveSession(db, rawId, t, POLICY), `at ${(t - T0) / MINUTE} min`).not.toBeNull();
    }
    expect(resolveSession(db, rawId, T0 + 12 * HOUR + 1, POLICY)).toBeNull();
    expect(row(rawId)).toBeUndefined();
  });

  it("end one at a time, all of a user's at once, and with their user", () => {
    const a = newUser();
    const b = newUser();
    const [a1, a2, b1] = [createSession(db, a.id, T0, POLICY), createSession(db, a.id, T0, POLICY), createSession(db, b.id, T0, POLICY)];
    deleteSession(db, a1);
    deleteSession(db, "not-a-session");
    expect(resolveSession(db, a1, T0 + 1, POLICY)).toBeNull();
    expect(resolveSession(db, a2, T0 + 1, POLICY)).not.toBeNull();
    expect(deleteSessionsOf(db, a.id)).toBe(1);
    expect(resolveSession(db, a2, T0 + 2, POLICY)).toBeNull();
    expect(resolveSession(db, b1, T0 + 2, POLICY)).not.toBeNull();
    db.$client.prepare("DELETE FROM user WHERE id = ?").run(b.id);
    expect(resolveSession(db, b1, T0 + 3, POLICY)).toBeNull();
    expect(row(b1)).toBeUndefined();
  });

  it("sweep expired sessions when a new one is made", () => {
    const u = newUser();
    const old = createSession(db, u.id, T0, POLICY);
    createSession(db, u.id, T0 + HOUR, POLICY);
    expect(row(old)).toBeUndefined();
  });
});
