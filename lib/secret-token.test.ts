import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, isSecretTokenShape, newSecretToken } from "./secret-token";

describe("secret tokens", () => {
  it("are 32 random bytes in base64url, never twice the same", () => {
    const tokens = Array.from({ length: 1000 }, newSecretToken);
    expect(new Set(tokens).size).toBe(1000);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, "base64url")).toHaveLength(32);
      expect(isSecretTokenShape(t)).toBe(true);
    }
  });

  it("are stored as their SHA-256 in hex", () => {
    const t = newSecretToken();
    expect(hashToken(t)).toBe(createHash("sha256").update(t).digest("hex"));
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toContain(t);
  });

  it("refuses other shapes before any lookup", () => {
    for (const junk of ["", "abc", `${newSecretToken()}x`, "a".repeat(42) + "=", "../".repeat(15)]) {
      expect(isSecretTokenShape(junk), junk).toBe(false);
    }
  });
});
