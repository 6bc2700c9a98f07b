import { parseArgs } from "node:util";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { migrateTarget } from "@/db/prepare";
import { TokenNameTakenError, createToken } from "@/db/tokens";
import { TOKEN_SCOPES } from "@/domain/access";
import { UsageError, openExistingStore } from "./command";

// npm run token:add -- --name <n> --scope <read|write>: prints the token once; only its hash is kept.
const USAGE = "usage: npm run token:add -- --name <name> --scope <read|write>";
const args = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "a name is 1-64 letters, digits, '.', '_' or '-'"),
  scope: z.enum(TOKEN_SCOPES, { message: "scope is read or write" }),
});

let values: unknown;
try {
  values = parseArgs({ options: { name: { type: "string" }, scope: { type: "string" } }, strict: true }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const parsed = args.safeParse(values);
if (!parsed.success) {
  console.error(`${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n")}\n${USAGE}`);
  process.exit(2);
}
// The database is made (a SQLite file) and migrated here if need be, as npm run db:migrate would.
await migrateTarget(readEnv().DATABASE_URL);
let opened: Awaited<ReturnType<typeof openExistingStore>>;
try {
  opened = await openExistingStore("api_token");
} catch (error) {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
}
try {
  const token = await createToken(opened.store, parsed.data.name, parsed.data.scope);
  console.error(`created ${parsed.data.scope} token "${parsed.data.name}"; it is shown only now:`);
  console.log(token);
} catch (error) {
  console.error(error instanceof TokenNameTakenError ? error.message : error);
  process.exitCode = error instanceof TokenNameTakenError ? 2 : 1;
} finally {
  await opened.store.close();
}
