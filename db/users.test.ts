import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, PASSWORD_PARAMS } from "@/lib/password";
import { type Db, openDatabase } from "./client";
import { databasePath, readEnv } from "@/config/env";
import { prepareDatabase } from "./prepare";
import { user } from "./schema";
import { authenticate, createUser, DUMMY_PASSWORD_HASH, EmailTakenError, findUserByEmail, InvalidUserError } from "./users";

const PASSWORD = "a long enough passphrase";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-users-test-"));
let db: Db;

beforeAll(async () => {
  // Seeded like a real first start: the shipped incident, and no one to sign in as.
  const env = readEnv({ DATABASE_URL: path.join(dir, "aftermath.db"), LOOKUP_SECRET: "u".repeat(40) });
  await prepareDatabase({ env });
  db = openDatabase(databasePath(env));
});
afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("users", () => {
  it("do not exist on a fresh, seeded database: there is no default account", () => {
    expect(db.select().from(user).all()).toEqual([]);
  });

  it("are made with a lower-cased email and an scrypt hash that does not hold the password", async () => {
    const made = await createUser(db, { email: "  Alice@Example.COM ", password: PASSWORD, role: "editor" });
    expect(made).toMatchObject({ email: "alice@example.com", role: "editor" });
    const stored = findUserByEmail(db, "ALICE@example.com");
    expect(stored?.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(stored?.passwordHash).not.toContain(PASSWORD);
  });

  it("refuse a taken email, whatever its case, and bad input, before hashing anything", async () => {
    await expect(createUser(db, { email: "ALICE@example.com", password: PASSWORD, role: "admin" })).rejects.toBeInstanceOf(EmailTakenError);
    await expect(createUser(db, { email: "not-an-email", password: PASSWORD, role: "editor" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(createUser(db, { email: "bob@example.com", password: PASSWORD, role: "owner" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(createUser(db, { email: "bob@example.com", password: "eleven char", role: "editor" })).rejects.toThrow(/at least 12/);
    expect(findUserByEmail(db, "bob@example.com")).toBeNull();
  });

  it("sign in with the right password only; a wrong password and an unknown email both give null", async () => {
    expect(await authenticate(db, "alice@example.com", PASSWORD)).toMatchObject({ email: "alice@example.com", role: "editor" });
    expect(await authenticate(db, "Alice@Example.com", PASSWORD)).not.toBeNull();
    expect(await authenticate(db, "alice@example.com", `${PASSWORD}.`)).toBeNull();
    expect(await authenticate(db, "nobody@example.com", PASSWORD)).toBeNull();
    expect(await authenticate(db, "not an email", PASSWORD)).toBeNull();
  });

  it("spend scrypt's time on an unknown email too, against a dummy hash at today's parameters", async () => {
    expect(parsePasswordHash(DUMMY_PASSWORD_HASH)).toMatchObject(PASSWORD_PARAMS);
    const time = async (email: string) => {
      const started = performance.now();
      await authenticate(db, email, "wrong password here");
      return performance.now() - started;
    };
    const known = await time("alice@example.com");
    const unknown = await time("nobody@example.com");
    // Both do one scrypt at N=2^17 (hundreds of ms); without the dummy the unknown one takes < 1 ms.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it("get a hash made with weaker parameters replaced at their next sign-in", async () => {
    const weak = await hashPassword(PASSWORD, { logN: 12, r: 8, p: 1 });
    db.insert(user).values({ email: "carol@example.com", passwordHash: weak, role: "admin" }).run();
    expect(await authenticate(db, "carol@example.com", PASSWORD)).toMatchObject({ role: "admin" });
    const rehashed = findUserByEmail(db, "carol@example.com")?.passwordHash ?? "";
    expect(rehashed).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await authenticate(db, "carol@example.com", PASSWORD)).not.toBeNull();
  });
});
