import fs from "node:fs";
import { inject } from "vitest";

/**
 * The shared server's log once `ready` holds of it. The server's output reaches the file through a
 * pipe and a stream, so the line of a request just answered may still be on its way.
 */
export async function serverLog(ready: (log: string) => boolean = () => true): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = fs.readFileSync(inject("serverLogPath"), "utf8");
    if (ready(log) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
