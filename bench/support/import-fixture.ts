import { fileSource } from "@/domain/affected-list/source";
import { type ImportReport, importAffectedList } from "@/db/write/affected";
import { BenchFailure } from "./common";
import { benchStore } from "./engine";

/** The fixture CSV as the incident's whole list, through the importer's own verb on the database's engine; every row must land. */
export async function importFixture({ csv, database, slug, secret, rows }: { csv: string; database: string; slug: string; secret: string; rows: number }): Promise<ImportReport> {
  const store = benchStore(database);
  try {
    const { report } = await importAffectedList({
      store,
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
    await store.close();
  }
}
