import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { DomainError } from "@/domain/errors";

const begun = new Set<Promise<void>>();

/**
 * Work a form's answer accepted, done after the answer has gone (the answer is the same whatever
 * the work finds, and so is its time). Accepted is kept: a database busy with an import is waited
 * out, and so is a PostgreSQL server out of reach for a moment, a few seconds at a time; a failure
 * is logged as `event`, with `facts` and never an address.
 */
export function afterAnswer(event: string, facts: object, work: () => Promise<unknown>, tries = 5): void {
  const done = new Promise((resolve) => setImmediate(resolve)).then(async () => {
    for (let left = tries; left > 0; left--) {
      try {
        await work();
        return;
      } catch (error) {
        const busy = error instanceof DomainError && (error.code === "busy" || error.code === "unavailable");
        console.error(JSON.stringify({ event, ...facts, busy, triesLeft: left - 1, message: error instanceof Error ? error.message : String(error) }));
        if (!busy) return;
        if (left > 1) await sleep(2_000, undefined, { ref: false });
      }
    }
  });
  begun.add(done);
  void done.finally(() => begun.delete(done));
}

/** Resolves once the work begun after answers so far is done, tried again included (a test waits for it). */
export async function workAfterAnswers(): Promise<void> {
  while (begun.size > 0) await Promise.all(begun);
}
