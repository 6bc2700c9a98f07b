import { openDatabase } from "@/db/client";
import { fileSource } from "@/domain/affected-list/source";
import { type ImportReport, importAffectedList } from "@/db/write/affected";
import { BenchFailure } from "./common";

/** The fixture CSV as the incident's whole list, through the importer's own verb; every row must land. */
export async function importFixture({ csv, dbFile, slug, secret, rows }: { csv: string; dbFile: string; slug: string; secret: string; rows: number }): Promise<ImportReport> {
  const db = openDatabase(dbFile);
  try {
    const { report } = await importAffectedList({
      db,
      actor: { kind: "system", name: "bench" },
      slug,
      version: null,
      rows: { source: fileSource(csv) },
      replace: true,
      secret,
    });
    if (report.rowsRead !== rows || report.added !== rows) throw new BenchFailure(`the import read ${report.rowsRead} rows and added ${report.added}; expected ${rows}`);
    return report;
  } finally {
    db.$client.close();
  }
}
