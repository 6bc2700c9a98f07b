// `npm run outbox`: the outbox's worker on its own, beside or instead of the server's own
// (OUTBOX_WORKER=0 on the servers): every worker on the database claims with a lease, so any number
// may run and none sends a message another holds. Stops on Ctrl-C after the messages in hand.
import { readEnv } from "@/config/env";
import { lookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { outboxOf } from "@/notify/outbox";
import { startOutbox } from "@/notify/worker";

const env = readEnv();
const store = getStore();
const { outbox, waiting } = outboxOf(store, env, lookupSecret(env), (e) => console.log(JSON.stringify({ event: `outbox_${e.kind}`, purpose: e.purpose, to: e.to, attempts: e.attempts, ...(e.error ? { error: e.error } : {}) })));
for (const why of waiting) console.error(`outbox: ${why}`);
const worker = startOutbox(outbox);
console.log("outbox: sending what is due; Ctrl-C stops it");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker
      .stop()
      .then(() => store.close())
      .finally(() => process.exit(0));
  });
}
