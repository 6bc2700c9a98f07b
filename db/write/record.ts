import "server-only";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { affectedSummarySchema } from "@/domain/record/affected";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { DomainError } from "@/domain/errors";
import { incidentRecord } from "@/domain/record/record";
import { recordProblems } from "@/domain/record/checks";
import { parseInput } from "@/domain/input";
import { recordNaming } from "@/domain/record/naming";
import type { Naming } from "@/domain/validation";
import { recordAudit } from "../audit";
import { insertCountsList } from "../affected/summary";
import type { Store } from "../store/store";
import { incident } from "../schema";
import { insertRecord } from "./insert-record";
import { keepListing } from "./listing";
import { assertCanWrite } from "./mutate";
import { writeTransaction } from "../transaction";
import { DEFAULT_LOCALE } from "@/i18n/locales";
import { localeSchema, recordTranslationsSchema } from "@/domain/record/translation";
import { insertTranslations } from "./translations";

const importInput = z.strictObject({
  record: incidentRecord,
  affected: affectedSummarySchema.nullable().default(null),
  /** The record's last change where it was exported: an import is a copy, not an edit of it. */
  updatedAt: z.iso.datetime({ offset: false }).optional(),
  /** The language of the record's own texts, and its versions in others (domain/record/translation.ts). */
  textLocale: localeSchema.default(DEFAULT_LOCALE),
  translations: recordTranslationsSchema.default({}),
});

/** An import's fields, named as the editor names them: its record is under "record". */
const IMPORT_NAMING: Naming = { name: (path) => (path[0] === "record" ? recordNaming.name(path.slice(1)) : null) };

/**
 * A whole incident at once: the seed loader's and import:incident's way in. One transaction, one
 * audit entry; an export's counts (it never carries rows) become a list of counts only. It goes
 * in published, as the record it came from was.
 */
export async function importRecord({ store, actor, input }: { store: Store; actor: Actor; input: unknown }): Promise<{ slug: string; version: number }> {
  assertCanWrite(actor);
  const { record, affected, updatedAt, textLocale, translations } = parseInput(importInput, input, IMPORT_NAMING);
  const { slug } = record.incident;
  return writeTransaction(store, async (tx) => {
    if ((await tx.select({ n: count() }).from(incident).where(eq(incident.slug, slug)).get())?.n) {
      throw new DomainError("conflict", { key: "problems.incidentExistsImport", values: { slug } });
    }
    const problem = recordProblems(record)[0];
    if (problem) throw new DomainError("invalid", { key: "problems.importProblem", values: { problem: problem.said } });
    const incidentId = await insertRecord(tx, record, updatedAt);
    if (textLocale !== DEFAULT_LOCALE) await tx.update(incident).set({ textLocale }).where(eq(incident.id, incidentId)).run();
    await insertTranslations(tx, incidentId, translations);
    if (affected) await insertCountsList(tx, incidentId, affected);
    await keepListing(tx, incidentId);
    const items = Object.fromEntries(COLLECTION_NAMES.map((c) => [c, record[c].length]));
    await recordAudit(tx, {
      actor,
      incident: { id: incidentId, slug },
      action: "import",
      entity: "incident",
      entityId: incidentId,
      before: null,
      after: { slug, title: record.incident.title, items, textLocale, translations: Object.keys(translations), affected: affected ? { total: affected.total, sample: affected.sample, rows: false } : null },
    });
    return { slug, version: 1 };
  });
}
