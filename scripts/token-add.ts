import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "@/db/client";
import { databasePath, readEnv } from "@/config/env";
import { migrateDatabase } from "@/db/migrate";
import { TokenNameTakenError, createToken } from "@/db/tokens";
import { TOKEN_SCOPES } from "@/domain/access";

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
const db = openDatabase(databasePath(readEnv()), { create: true });
try {
  migrateDatabase(db);
  const token = createToken(db, parsed.data.name, parsed.data.scope);
  console.error(`created ${parsed.data.scope} token "${parsed.data.name}"; it is shown only now:`);
  console.log(token);
} catch (error) {
  console.error(error instanceof TokenNameTakenError ? error.message : error);
  process.exit(error instanceof TokenNameTakenError ? 2 : 1);
} finally {
  db.$client.close();
}
