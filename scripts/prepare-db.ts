import { prepareDatabase } from "@/db/prepare";

const { file, seeded } = await prepareDatabase({ seed: !process.argv.includes("--no-seed") });
console.log(`database ${file}: migrations applied`);
for (const s of seeded) {
  console.log(s.loaded ? `seeded ${s.slug} (${s.affected} sample affected rows)` : `${s.slug} already present, left as it is`);
}
