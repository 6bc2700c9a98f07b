import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { z } from "zod";

// The production build runs beside the first test files instead of before all of them: the unit
// files need none, and each e2e file waits for it (tests/setup/built.ts) by the file it leaves.

const Outcome = z.object({ ok: z.boolean(), output: z.string() });
const WAIT_LIMIT_MS = 15 * 60_000;

export type Build = { stop: () => Promise<void> };

/** Starts `command` in a process group of its own, and writes how it ended to `marker` once it has. */
export function startBuild(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, marker: string): Build {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Written whole, then renamed: a file waiting reads the outcome or nothing, never half of it.
  const record = (ok: boolean, text: string) => fs.writeFile(`${marker}.tmp`, JSON.stringify({ ok, output: text })).then(() => fs.rename(`${marker}.tmp`, marker));
  const ended = new Promise<void>((resolve) => {
    child.on("error", (error) => void record(false, `next build could not run: ${error.message}`).then(resolve));
    child.on("close", (code, signal) => void record(code === 0, code === 0 ? output : `next build failed (exit ${code ?? signal}):\n${output}`).then(resolve));
  });
  return {
    stop: async () => {
      // The build's own workers are in its group: a run stopped early leaves none of them behind.
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      await ended;
    },
  };
}

/** Resolves once the build written to `marker` has succeeded; throws with its output when it failed. */
export async function untilBuilt(marker: string): Promise<void> {
  for (const end = Date.now() + WAIT_LIMIT_MS; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const text = await fs.readFile(marker, "utf8").catch(() => null);
    if (text === null) continue;
    const outcome = Outcome.parse(JSON.parse(text));
    if (!outcome.ok) throw new Error(outcome.output);
    return;
  }
  throw new Error(`next build did not end within ${WAIT_LIMIT_MS / 60_000} minutes`);
}
