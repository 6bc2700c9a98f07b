import { inject } from "vitest";
import { databaseFrom } from "./postgres";

/** A PostgreSQL database of the caller's own, made from the run's seeded template (tests/setup/global-setup.ts): its URL, and how to drop it. */
export function databaseFromTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, database } = inject("postgresTemplate");
  return databaseFrom(adminUrl, database, "file");
}
