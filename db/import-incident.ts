import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { incidentDocumentSchema } from "@/domain/record/document";
import type { Db } from "./client";
import { insertIncidentRecord } from "./insert-incident";
import { incident } from "./schema";

export class IncidentExistsError extends Error {
  constructor(readonly slug: string) {
    super(`An incident "${slug}" already exists; nothing was imported. Import into another database or remove it first.`);
  }
}

/** Writes an exported incident back, in one transaction; its counts are kept since its rows never travel. */
export function importIncidentDocument(db: Db, document: z.output<typeof incidentDocumentSchema>): { slug: string } {
  const { slug } = document.record.incident;
  return db.transaction((tx) => {
    if (tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get()) throw new IncidentExistsError(slug);
    const { incidentId } = insertIncidentRecord(db, document.record);
    if (document.affected) {
      tx.update(incident).set({ affectedSummary: JSON.stringify(document.affected) }).where(eq(incident.id, incidentId)).run();
    }
    return { slug };
  });
}
