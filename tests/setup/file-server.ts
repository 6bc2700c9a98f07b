import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { setFileServer } from "../support/file-server";
import { databaseFromTemplate } from "../support/postgres-template";
import { logIn, startServerProcess } from "../support/server-process";

// Before each e2e file: a production server of the file's own, on a copy of the seeded template
// (tests/setup/global-setup.ts), so files run in parallel and no file sees what another wrote. In the
// e2e-pg project the copy is a PostgreSQL database made from the template database.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aftermath-file-"));
const onPostgres = process.env.AFTERMATH_E2E_ENGINE === "postgres";

/** A database of the file's own: a copy of the template's file, or a PostgreSQL database made from the template database. */
async function databaseOfFile(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const file = path.join(dir, "aftermath.db");
    await fs.copyFile(inject("templatePath"), file);
    return { url: file, drop: async () => undefined };
  }
  return databaseFromTemplate();
}

const database = await databaseOfFile();
const server = await startServerProcess(
  {
    ...process.env,
    DATABASE_URL: database.url,
    LOOKUP_SECRET: inject("lookupSecret"),
    // Lets each test pick its own client address with X-Forwarded-For, so rate limits stay apart.
    TRUST_PROXY: "1",
  },
  logIn(dir),
).catch(async (error: unknown) => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
  throw error;
});
setFileServer({ baseURL: server.baseURL, databaseUrl: database.url, databasePath: onPostgres ? null : database.url, serverLogPath: server.logPath });
afterAll(async () => {
  await server.stop();
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});
