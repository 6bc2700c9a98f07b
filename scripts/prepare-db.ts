import { readEnv } from "@/config/env";
import { prepareTarget } from "@/db/prepare";

const { shown, seeded } = await prepareTarget({ env: readEnv(), seed: !process.argv.includes("--no-seed") });
console.log(`database ${shown}: migrations applied`);
for (const s of seeded) {
  console.log(s.loaded ? `seeded ${s.slug} (${s.affected} sample affected rows)` : `${s.slug} already present, left as it is`);
}
