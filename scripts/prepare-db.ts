import { readEnv } from "@/config/env";
import { openPostgres, shownUrl } from "@/db/pg/connect";
import { migratePostgres } from "@/db/pg/migrate";
import { prepareDatabase } from "@/db/prepare";

const env = readEnv();
const seed = !process.argv.includes("--no-seed");
const target = env.DATABASE_URL;

if (target.engine === "postgres") {
  if (seed) {
    console.error("DATABASE_URL names a PostgreSQL database: this version loads the seed into SQLite only. Run npm run db:migrate, then npm run db:copy -- --to <that URL> from a SQLite database.");
    process.exit(2);
  }
  const db = openPostgres(target.url, { max: 1, name: "aftermath-migrate" });
  try {
    await migratePostgres(db);
  } finally {
    await db.$client.end();
  }
  console.log(`database ${shownUrl(target.url)}: migrations applied`);
} else {
  const { file, seeded } = await prepareDatabase({ env, seed });
  console.log(`database ${file}: migrations applied`);
  for (const s of seeded) {
    console.log(s.loaded ? `seeded ${s.slug} (${s.affected} sample affected rows)` : `${s.slug} already present, left as it is`);
  }
}
