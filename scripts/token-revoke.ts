import { z } from "zod";
import { revokeToken, tokenNameSchema } from "@/db/tokens";
import { openExistingStore, runCommand } from "./command";
import { operator } from "./operator";

// Exit codes: 0 revoked, or revoked already (said so, nothing changed); 1 no token of that name, or an
// unexpected failure (nothing was changed); 2 the command or the setup is wrong (flags, no database).
const USAGE = `usage: npm run token:revoke -- --name <name>

Revokes the API token of that name: the API refuses it from its next request on, and the audit trail
records who revoked it. A revoked token stays revoked and keeps its name; make a new one under another
name with token:add.`;

runCommand({
  command: "token-revoke",
  usage: USAGE,
  flags: z.object({ name: tokenNameSchema }),
  async run({ name }) {
    const { store } = await openExistingStore("api_token");
    try {
      const { revokedAt, alreadyRevoked } = await revokeToken(store, operator("token-revoke"), name);
      console.log(alreadyRevoked ? `token ${name} was revoked already (at ${revokedAt}); nothing was changed` : `token ${name} revoked`);
      return 0;
    } finally {
      await store.close();
    }
  },
});
