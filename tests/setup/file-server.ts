import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { setFileServer } from "../support/file-server";
import { logIn, startServerProcess } from "../support/server-process";

// Before each e2e file: a production server of the file's own, on a copy of the seeded template
// (tests/setup/global-setup.ts), so files run in parallel and no file sees what another wrote.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aftermath-file-"));
const databasePath = path.join(dir, "aftermath.db");
await fs.copyFile(inject("templatePath"), databasePath);
const server = await startServerProcess(
  {
    ...process.env,
    DATABASE_URL: databasePath,
    LOOKUP_SECRET: inject("lookupSecret"),
    // Lets each test pick its own client address with X-Forwarded-For, so rate limits stay apart.
    TRUST_PROXY: "1",
  },
  logIn(dir),
).catch(async (error: unknown) => {
  await fs.rm(dir, { recursive: true, force: true });
  throw error;
});
setFileServer({ baseURL: server.baseURL, databasePath, serverLogPath: server.logPath });
afterAll(async () => {
  await server.stop();
  await fs.rm(dir, { recursive: true, force: true });
});
