import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";

/** A fresh editor, made the way an administrator would: user:add with the password on stdin. */
export function newEditor(): { email: string; password: string } {
  const email = `browser-${randomBytes(4).toString("hex")}@example.com`;
  const password = `pw ${randomBytes(12).toString("base64url")}`;
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/user-add.ts", "--email", email, "--role", "editor"],
    {
      encoding: "utf8",
      input: `${password}\n`,
      env: { ...process.env, DATABASE_PATH: inject("databasePath"), LOOKUP_SECRET: inject("lookupSecret"), NODE_ENV: "production" },
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return { email, password };
}
