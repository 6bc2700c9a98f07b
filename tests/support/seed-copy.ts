import { eq } from "drizzle-orm";
import { incident } from "@/db/schema";
import { readSeedIncident } from "@/db/seed/read";
import { importRecord } from "@/db/write/record";
import { withFileStore } from "./file-store";

/** The shipped incident's record under another slug, on the test server's database (once per slug). */
export async function seedIncidentCopy(slug: string): Promise<void> {
  await withFileStore(async (store) => {
    if (await store.q.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get()) return;
    const { record } = readSeedIncident("glm-5-3-kv-cache-exposure");
    await importRecord({ store, actor: { kind: "system", name: "lookup-test" }, input: { record: { ...record, incident: { ...record.incident, slug } } } });
  });
}
