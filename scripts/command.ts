import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, openDatabase } from "@/db/client";
import { shownUrl } from "@/db/pg/connect";
import { openStore } from "@/db/open-store";
import type { Store } from "@/db/store/store";
import { databasePath, readEnv } from "@/config/env";
import { DomainError } from "@/domain/errors";

// The frame of the account commands (user:add, user:password, token:revoke): flags checked by zod,
// --help, and the exit codes 0 done, 1 failed or not found (nothing was changed), 2 the command, input
// or setup is wrong.

/** The command line, its input or the setup is wrong: exit 2, and nothing was changed. */
export class UsageError extends Error {}

/** `--<key> <value>` for every key of the schema (`--<key>` alone for a switch), required unless the schema takes it missing, then checked by the schema. */
function parseFlags<S extends z.ZodObject>(argv: string[], flags: S, switches: readonly string[] = []): z.output<S> | "help" {
  const names = Object.keys(flags.shape);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(names.map((name) => [name, { type: switches.includes(name) ? ("boolean" as const) : ("string" as const) }])),
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    // Node's messages ("Unknown option '--dry-run'. To specify a positional…"): keep the first sentence.
    throw new UsageError(String((error as Error).message).split(". ")[0] ?? "bad arguments");
  }
  if (values.help) return "help";
  const missing = names.find((name) => values[name] === undefined && !flags.shape[name]?.safeParse(undefined).success);
  if (missing) throw new UsageError(`--${missing} is required`);
  const parsed = flags.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

/** The database the commands work on (a SQLite file, or PostgreSQL), which must exist and hold \`table\` already; the caller closes the store. */
export async function openExistingStore(table: string): Promise<{ store: Store; shown: string }> {
  const target = readEnv().DATABASE_URL;
  if (target.engine === "sqlite" && !fs.existsSync(target.file)) throw new UsageError(`no database at ${target.file}: run \`npm run db:migrate\` (or \`npm start\`) first`);
  const store = openStore(target, { max: 4, name: "aftermath-command" });
  const shown = target.engine === "sqlite" ? target.file : shownUrl(target.url);
  const found = await store.q.row(
    z.object({ n: z.number() }),
    target.engine === "sqlite" ? sql`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ${table}` : sql`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ${table}`,
  );
  if (!found?.n) {
    await store.close();
    throw new UsageError(`${shown} has no ${table} table yet: run \`npm run db:migrate\` first`);
  }
  return { store, shown };
}

/** A SQLite file's own connection, for what only SQLite does (db:copy's source). */
export function openExistingDatabase(table: string): { db: Db; file: string } {
  const file = databasePath(readEnv());
  if (!fs.existsSync(file)) throw new UsageError(`no database at ${file}: run \`npm run db:migrate\` (or \`npm start\`) first`);
  const db = openDatabase(file);
  if (!db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) {
    db.$client.close();
    throw new UsageError(`${file} has no ${table} table yet: run \`npm run db:migrate\` first`);
  }
  return { db, file };
}

type Command<S extends z.ZodObject> = { command: string; usage: string; flags: S; switches?: readonly string[]; run: (args: z.output<S>) => Promise<number> };

async function main<S extends z.ZodObject>(spec: Command<S>): Promise<number> {
  let args;
  try {
    args = parseFlags(process.argv.slice(2), spec.flags, spec.switches);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${spec.command}: ${error.message}\n\n${spec.usage}`);
    return 2;
  }
  if (args === "help") {
    console.log(spec.usage);
    return 0;
  }
  try {
    return await spec.run(args);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not-found") {
      console.error(`${spec.command}: ${error.message} Nothing was changed.`);
      return 1;
    }
    if (!(error instanceof UsageError)) throw error;
    console.error(`${spec.command}: ${error.message}; nothing was changed`);
    return 2;
  }
}

/** Runs the command and sets the exit code it returns; an unexpected error prints its message only, and exits 1. */
export function runCommand<S extends z.ZodObject>(spec: Command<S>): void {
  main(spec).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Only the message: nothing in an error here holds a password or a token.
      console.error(`${spec.command}: ${error instanceof Error ? error.message : String(error)}\nNothing was changed.`);
      process.exitCode = 1;
    },
  );
}
