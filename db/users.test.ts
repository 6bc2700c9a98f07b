import { describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, PASSWORD_PARAMS } from "@/lib/password";
import { ENGINES, testStores } from "@/tests/support/stores";
import { user } from "./schema";
import { authenticate, createUser, DUMMY_PASSWORD_HASH, EmailTakenError, findUserByEmail, InvalidUserError } from "./users";

const PASSWORD = "a long enough passphrase";
// Seeded like a real first start: the shipped incident, and no one to sign in as.
const kit = testStores("users");

describe.each(ENGINES)("users on %s", (engine) => {
  const store = () => kit.store(engine);
  const found = (email: string) => store().read((tx) => findUserByEmail(tx, email));

  it("do not exist on a fresh, seeded database: there is no default account", async () => {
    expect(await store().q.select().from(user).all()).toEqual([]);
  });

  it("are made with a lower-cased email and an scrypt hash that does not hold the password", async () => {
    const made = await createUser(store(), { email: "  Alice@Example.COM ", password: PASSWORD, role: "editor" });
    expect(made).toMatchObject({ email: "alice@example.com", role: "editor" });
    const stored = await found("ALICE@example.com");
    expect(stored?.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(stored?.passwordHash).not.toContain(PASSWORD);
  });

  it("refuse a taken email, whatever its case, and bad input, before hashing anything", async () => {
    await expect(createUser(store(), { email: "ALICE@example.com", password: PASSWORD, role: "admin" })).rejects.toBeInstanceOf(EmailTakenError);
    await expect(createUser(store(), { email: "not-an-email", password: PASSWORD, role: "editor" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(createUser(store(), { email: "bob@example.com", password: PASSWORD, role: "owner" })).rejects.toBeInstanceOf(InvalidUserError);
    await expect(createUser(store(), { email: "bob@example.com", password: "eleven char", role: "editor" })).rejects.toThrow(/at least 12/);
    expect(await found("bob@example.com")).toBeNull();
  });

  it("sign in with the right password only; a wrong password and an unknown email both give null", async () => {
    expect(await authenticate(store(), "alice@example.com", PASSWORD)).toMatchObject({ email: "alice@example.com", role: "editor" });
    expect(await authenticate(store(), "Alice@Example.com", PASSWORD)).not.toBeNull();
    expect(await authenticate(store(), "alice@example.com", `${PASSWORD}.`)).toBeNull();
    expect(await authenticate(store(), "nobody@example.com", PASSWORD)).toBeNull();
    expect(await authenticate(store(), "not an email", PASSWORD)).toBeNull();
  });

  it("spend scrypt's time on an unknown email too, against a dummy hash at today's parameters", async () => {
    expect(parsePasswordHash(DUMMY_PASSWORD_HASH)).toMatchObject(PASSWORD_PARAMS);
    const time = async (email: string) => {
      const started = performance.now();
      await authenticate(store(), email, "wrong password here");
      return performance.now() - started;
    };
    const known = await time("alice@example.com");
    const unknown = await time("nobody@example.com");
    // Both do one scrypt at N=2^17 (hundreds of ms); without the dummy the unknown one takes < 1 ms.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it("get a hash made with weaker parameters replaced at their next sign-in", async () => {
    const weak = await hashPassword(PASSWORD, { logN: 12, r: 8, p: 1 });
    await store().q.insert(user).values({ email: "carol@example.com", passwordHash: weak, role: "admin" }).run();
    expect(await authenticate(store(), "carol@example.com", PASSWORD)).toMatchObject({ role: "admin" });
    const rehashed = (await found("carol@example.com"))?.passwordHash ?? "";
    expect(rehashed).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await authenticate(store(), "carol@example.com", PASSWORD)).not.toBeNull();
  });
});
