import "server-only";
import fs from "node:fs";
import { readEnv } from "@/config/env";
import { openStore } from "./open-store";
import type { Store } from "./store/store";

const cache = globalThis as unknown as { aftermathStore?: Store };

/** The app's store on DATABASE_URL's engine, opened on first use and kept across dev reloads. */
export function getStore(): Store {
  if (!cache.aftermathStore) {
    const target = readEnv().DATABASE_URL;
    if (target.engine === "sqlite" && !fs.existsSync(target.file)) {
      throw new Error(`No database at ${target.file}: run \`npm run db:seed\` (or \`npm start\`) first`);
    }
    cache.aftermathStore = openStore(target);
  }
  return cache.aftermathStore;
}
