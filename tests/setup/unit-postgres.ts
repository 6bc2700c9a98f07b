import type { TestProject } from "vitest/node";
import { openPostgres } from "@/db/pg/connect";
import { migratePostgres } from "@/db/pg/migrate";
import { startPostgres } from "../support/postgres";

declare module "vitest" {
  interface ProvidedContext {
    /** The unit run's one PostgreSQL server and its migrated template database (tests/support/postgres.ts testPostgres). */
    unitPostgres: { adminUrl: string; template: string } | undefined;
  }
}

/**
 * Once for the unit run: one PostgreSQL server with a migrated database every file's own is made
 * from (CREATE DATABASE … TEMPLATE), instead of a cluster made and migrated per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  try {
    const db = openPostgres(server.url, { max: 1 });
    try {
      await migratePostgres(db);
    } finally {
      await db.$client.end();
    }
    const admin = new URL(server.url);
    admin.pathname = "/postgres";
    project.provide("unitPostgres", { adminUrl: admin.toString(), template: "aftermath" });
    return () => server.stop();
  } catch (error) {
    await server.stop();
    throw error;
  }
}
