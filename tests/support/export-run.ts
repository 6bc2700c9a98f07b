import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { commandArgs } from "../../scripts/server-command";

/** Runs one of the project's CLI scripts against a given database, failing loudly on a non-zero exit. */
export function runScript(script: string, args: string[], databasePath: string, secret = "e".repeat(40)): string {
  const result = spawnSync(process.execPath, [...commandArgs(script), ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databasePath, LOOKUP_SECRET: secret, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every file below dir, by relative path, as bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), fs.readFileSync(full));
    }
  };
  walk(dir);
  return files;
}
