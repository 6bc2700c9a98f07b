import fs from "node:fs";
import { fileServer } from "./file-server";

/**
 * A server's log once `ready` holds of it. Its output reaches us through a pipe, so the line of a
 * request just answered may still be on its way when the answer is here.
 */
export async function logWhen(read: () => string, ready: (log: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = read();
    if (ready(log) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The file's server's log (tests/setup/file-server.ts has it written to a file) once `ready` holds of it. */
export const serverLog = (ready: (log: string) => boolean = () => true): Promise<string> =>
  logWhen(() => fs.readFileSync(fileServer().serverLogPath, "utf8"), ready);
