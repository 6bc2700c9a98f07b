/** The test file's own server (tests/setup/file-server.ts starts it before the file is read): its address, database and log. */
export type FileServer = { baseURL: string; databasePath: string; serverLogPath: string };

let current: FileServer | undefined;

export function fileServer(): FileServer {
  if (!current) throw new Error("no server for this file: tests/setup/file-server.ts starts one for every file of the e2e project");
  return current;
}

export function setFileServer(server: FileServer): void {
  current = server;
}
