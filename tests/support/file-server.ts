/** The test file's own server (tests/setup/file-server.ts starts it before the file is read): its address, database and log. */
export type FileServer = { baseURL: string; databaseUrl: string; databasePath: string | null; serverLogPath: string };

let current: FileServer | undefined;

export function fileServer(): FileServer & { databasePath: string } {
  if (!current) throw new Error("no server for this file: tests/setup/file-server.ts starts one for every file of the e2e and e2e-pg projects, and none for OWN_SERVERS (vitest.config.mts)");
  const { databasePath, ...rest } = current;
  return {
    ...rest,
    get databasePath() {
      // A file that opens the SQLite file itself runs in the e2e project only (vitest.config.mts).
      if (databasePath === null) throw new Error("this file's server is on PostgreSQL: a test that opens the database file belongs in the e2e project only");
      return databasePath;
    },
  };
}

export function setFileServer(server: FileServer): void {
  current = server;
}
