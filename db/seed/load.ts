import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { generateSample } from "@/lib/sample-list";
import type { Store } from "../store/store";
import { incident } from "../schema";
import { importAffectedList } from "../write/affected";
import { importRecord } from "../write/record";
import { readSeedIncident, shippedSlugs } from "./read";

export type SeedResult = { slug: string; loaded: boolean; affected: number };

const SEED: Actor = { kind: "system", name: "seed" };

/**
 * Loads each shipped incident the database does not have yet, through the same verbs as every
 * other change: the record, then its generated sample list, each with its audit entry. Running it
 * again changes nothing.
 */
export async function loadSeed(store: Store, secret: string): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  for (const slug of shippedSlugs()) {
    if (await store.q.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get()) {
      results.push({ slug, loaded: false, affected: 0 });
      continue;
    }
    const { record, sample, translations } = readSeedIncident(slug);
    await importRecord({ store, actor: SEED, input: { record, translations } });
    const affected = sample
      ? (await importAffectedList({ store, actor: SEED, slug, version: null, rows: { values: generateSample(sample) }, replace: true, sample, secret })).report.added
      : 0;
    results.push({ slug, loaded: true, affected });
  }
  return results;
}
