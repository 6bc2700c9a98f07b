import { z } from "zod";
import { rotateKeys } from "@/lookup/proof/keys";
import { openExistingStore, runCommand } from "./command";
import { operator } from "./operator";

const USAGE = `usage: npm run lookup:rotate

Revokes the key that signs lookup links and lookup sessions, and makes a new one: every link sent so
far, and every open lookup session, stops working at its next use. Make new links with lookup:links.`;

runCommand({
  command: "lookup-rotate",
  usage: USAGE,
  flags: z.object({}),
  async run() {
    const { store } = await openExistingStore("lookup_key");
    try {
      const { revoked, kid } = await rotateKeys(store, operator("lookup-rotate"));
      console.log(revoked ? `key ${revoked} revoked: its links and sessions no longer work; new key ${kid}` : `no key had signed anything yet; new key ${kid}`);
      return 0;
    } finally {
      await store.close();
    }
  },
});
