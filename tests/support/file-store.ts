import { databaseTarget } from "@/config/env";
import { openStore } from "@/db/open-store";
import type { Store } from "@/db/store/store";
import { fileServer } from "./file-server";

/** Work on the test file's own database (SQLite or PostgreSQL, as its server runs), as a command beside the server would; the store is closed after. */
export async function withFileStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const target = databaseTarget(fileServer().databaseUrl);
  if (!target) throw new Error(`not a database URL: ${fileServer().databaseUrl}`);
  const store = openStore(target, { max: 2, name: "aftermath-test" });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
