import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { insertAffectedResponses } from "@/db/insert-affected";
import { insertIncidentRecord } from "@/db/insert-incident";
import { incident } from "@/db/schema";
import { SHIPPED_SLUGS, readSeedIncident } from "./read";
import { generateSample } from "./sample";

export type SeedResult = { slug: string; loaded: boolean; affected: number };

/** Loads each shipped incident that the database does not have yet; running it again changes nothing. */
export function loadSeed(db: Db, secret: string): SeedResult[] {
  return SHIPPED_SLUGS.map((slug) => {
    const existing = db.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get();
    if (existing) return { slug, loaded: false, affected: 0 };
    const record = readSeedIncident(slug);
    return db.transaction(() => {
      const { incidentId } = insertIncidentRecord(db, record);
      const affected = insertAffectedResponses(db, incidentId, secret, generateSample());
      return { slug, loaded: true, affected };
    });
  });
}
