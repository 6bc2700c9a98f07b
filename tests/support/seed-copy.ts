import { openDatabase } from "@/db/client";
import { readSeedIncident } from "@/db/seed/read";
import { importRecord } from "@/db/write/record";
import { fileServer } from "./file-server";

/** The shipped incident's record under another slug, on the test server's database (once per slug). */
export async function seedIncidentCopy(slug: string): Promise<void> {
  const db = openDatabase(fileServer().databasePath);
  try {
    if (db.$client.prepare("SELECT 1 FROM incident WHERE slug = ?").get(slug)) return;
    const { record } = readSeedIncident("glm-5-3-kv-cache-exposure");
    importRecord({ db, actor: { kind: "system", name: "lookup-test" }, input: { record: { ...record, incident: { ...record.incident, slug } } } });
  } finally {
    db.$client.close();
  }
}
