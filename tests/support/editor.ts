import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { fileServer } from "./file-server";
import { commandArgs } from "../../scripts/server-command";

/** A fresh editor, made the way an administrator would: user:add with the password on stdin. */
export function newEditor(): { email: string; password: string } {
  const email = `browser-${randomBytes(4).toString("hex")}@example.com`;
  const password = `pw ${randomBytes(12).toString("base64url")}`;
  const run = spawnSync(
    process.execPath,
    [...commandArgs("user-add"), "--email", email, "--role", "editor"],
    {
      encoding: "utf8",
      input: `${password}\n`,
      env: { ...process.env, DATABASE_URL: fileServer().databaseUrl, LOOKUP_SECRET: inject("lookupSecret"), NODE_ENV: "production" },
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return { email, password };
}

/** Signs a fresh editor in through the real form and waits to land on `next`. */
export async function signInAsNewEditor(page: Page, next: string): Promise<void> {
  const { email, password } = newEditor();
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`**${next}`);
}
