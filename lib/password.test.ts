import { describe, expect, it } from "vitest";
import {
  hashPassword,
  needsRehash,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PARAMS,
  parsePasswordHash,
  passwordProblem,
  type ScryptParams,
  verifyPassword,
} from "./password";

// The real parameters cost ~0.3 s a hash; most cases here use cheap ones, which the stored string names.
const CHEAP: ScryptParams = { logN: 10, r: 8, p: 1 };
const PASSWORD = "correct horse battery staple";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt at N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key, and verifies it", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(stored).not.toContain(PASSWORD);
    expect(parsePasswordHash(stored)).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD, CHEAP), hashPassword(PASSWORD, CHEAP)]);
    expect(a).not.toBe(b);
  });

  it("verifies with the parameters the stored string names, and flags weaker ones for a rehash", async () => {
    const weak = await hashPassword(PASSWORD, CHEAP);
    expect(weak.startsWith("scrypt$10$8$1$")).toBe(true);
    expect(await verifyPassword(PASSWORD, weak)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", weak)).toBe(false);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(weak, CHEAP)).toBe(false);
    expect(PASSWORD_PARAMS).toEqual({ logN: 17, r: 8, p: 1 });
  });

  it("compares passwords as NFKC, so composed and decomposed accents match", async () => {
    const stored = await hashPassword("caf\u00e9 au lait, s'il vous pla\u00eet", CHEAP);
    expect(await verifyPassword("cafe\u0301 au lait, s'il vous plai\u0302t", stored)).toBe(true);
  });

  it("refuses malformed or out-of-range stored hashes instead of guessing", async () => {
    for (const bad of ["", "plain", "bcrypt$10$abc", "scrypt$17$8$1$c2FsdA$", "scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      await expect(verifyPassword(PASSWORD, bad), bad).rejects.toThrow();
    }
  });
});

describe("the password policy", () => {
  it("wants 12 to 1024 characters, counted as characters, not UTF-16 units", () => {
    expect(passwordProblem("a".repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem("a".repeat(12))).toBeNull();
    expect(passwordProblem("\u{1F511}".repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem("\u{1F511}".repeat(12))).toBeNull();
    expect(passwordProblem("a".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordProblem("a".repeat(PASSWORD_MAX_LENGTH + 1))).toMatch(/at most 1024/);
    expect(passwordProblem("a".repeat(1_000_000))).toMatch(/at most 1024/);
  });

  it("refuses to hash outside the policy rather than truncate", async () => {
    await expect(hashPassword("short", CHEAP)).rejects.toThrow(/at least 12/);
    await expect(hashPassword("a".repeat(PASSWORD_MAX_LENGTH + 1), CHEAP)).rejects.toThrow(/at most 1024/);
  });

  it("never matches a longer password on its first 1024 characters", async () => {
    const max = "b".repeat(PASSWORD_MAX_LENGTH);
    const stored = await hashPassword(max, CHEAP);
    expect(await verifyPassword(max, stored)).toBe(true);
    expect(await verifyPassword(`${max}b`, stored)).toBe(false);
  });
});
