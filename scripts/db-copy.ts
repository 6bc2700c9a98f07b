import fs from "node:fs";
import { z } from "zod";
import { openPostgres, shownUrl } from "@/db/pg/connect";
import { CopyRefused, copyToPostgres } from "@/db/pg/copy";
import { UsageError, openExistingDatabase, runCommand } from "./command";

// Exit codes: 0 copied; 1 the copy failed (PostgreSQL was left as it was); 2 the command or the setup
// is wrong (no --to, a target that already holds data, a source not migrated): nothing was changed.
const USAGE = `usage: npm run db:copy -- --to postgres://user:password@host:5432/database

Copies the SQLite database DATABASE_URL names (./data/aftermath.db by default) into an empty
PostgreSQL database, all or nothing: migrates the target, then copies every table in one
transaction from one snapshot of the source, checks every table's count, and commits. The source is
only read; a server may keep running on it. Point DATABASE_URL at the PostgreSQL database afterwards.`;

const journal = z.object({ entries: z.array(z.unknown()) });

runCommand({
  command: "db-copy",
  usage: USAGE,
  flags: z.object({ to: z.string().regex(/^postgres(ql)?:\/\//i, "give the PostgreSQL database as postgres://user:password@host:5432/database") }),
  async run({ to }) {
    const { db: source, file } = openExistingDatabase("incident");
    const target = openPostgres(to, { max: 2, name: "aftermath-db-copy" });
    try {
      const expected = journal.parse(JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8"))).entries.length;
      const applied = z.object({ n: z.number() }).parse(source.$client.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get()).n;
      if (applied !== expected) throw new UsageError(`${file} has ${applied} of ${expected} migrations applied: run npm run db:migrate on it first`);
      console.log(`copying ${file} into ${shownUrl(to)}`);
      const copied = await copyToPostgres(source.$client, target, { onTable: ({ table, rows }) => console.log(`  ${table}: ${rows} rows`) });
      console.log(`copied ${copied.reduce((n, t) => n + t.rows, 0)} rows in ${copied.length} tables; set DATABASE_URL=${shownUrl(to)} to use it`);
      return 0;
    } catch (error) {
      if (error instanceof CopyRefused) throw new UsageError(error.message);
      throw error;
    } finally {
      source.$client.close();
      await target.$client.end();
    }
  },
});
