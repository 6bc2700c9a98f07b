// What the notices' tests share: a published incident whose live list holds some accounts, and contacts files.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Store } from "@/db/store/store";
import { importAffectedList } from "@/db/write/affected";
import { createIncident, setPublished } from "@/db/write/incident";
import { tenantKey } from "@/lib/tenant-key";
import { editor, version } from "./outbox-kit";
import { giveShape } from "./shapes";
import { TEST_SECRET } from "./test-database";
import { commandArgs } from "../../scripts/server-command";

/** An account id in GLM-5.3's form (32 hexadecimal digits) ending in `ending`. */
export const accountId = (ending: string) => ending.padStart(32, "c");

/** A published incident (GLM-5.3's list shape) whose live list holds two rows for each account, by request id `<slug>-<n>`. */
export async function affectedIncident(store: Store, slug: string, accounts: string[]): Promise<void> {
  await createIncident({ store, actor: editor, input: { slug, title: `Incident ${slug}`, summary: "S.", provider: "Example", service: "Queues", status: "resolved", impact: "I.", cause: "C.", cites: [] } });
  await giveShape(store, slug);
  const values = accounts.flatMap((id, i) =>
    [0, 1].map((n) => ({ account_id: id, request_id: `${slug}-${2 * i + n}`, occurred_at: "2026-09-01T10:00:00.000Z", prompt_tokens: 1000 + i, role: "recipient" })),
  );
  await importAffectedList({ store, actor: editor, slug, version: null, rows: { values }, secret: TEST_SECRET });
  await setPublished({ store, actor: editor, slug, input: { version: await version(store, slug) }, published: true });
}

/** A contacts file's text: the header, then one `account_id,email` line each. */
export const contactsCsv = (lines: Array<[string, string]>) => ["account_id,email", ...lines.map(([id, email]) => `${id},${email}`)].join("\n") + "\n";

export const keyOf = (id: string) => tenantKey(TEST_SECRET, id);

export type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** npm run notify:affected as a child process, with its output as it comes; `env` adds to the test's own. */
export function startNotify(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...commandArgs("notify-affected"), ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, NODE_ENV: "production", LOOKUP_SECRET: TEST_SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out.stderr += d.toString()));
  const done = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, ...out }));
  });
  return { child, out, done };
}

export function writeFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}
