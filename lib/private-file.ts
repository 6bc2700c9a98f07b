import "server-only";
import fs from "node:fs";

/** Read and write for the owner, nothing for anyone else: the database, its WAL and SHM, the lookup key. */
export const PRIVATE_MODE = 0o600;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Takes every permission beyond the owner's read and write off an existing file (0644 becomes 0600,
 * 0444 becomes 0400; nothing is ever added). A missing file is left missing.
 */
export function narrowToOwner(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if (code(error) === "ENOENT") return;
    throw error;
  }
  if ((mode & ~PRIVATE_MODE) === 0) return;
  try {
    fs.chmodSync(file, mode & PRIVATE_MODE);
  } catch (error) {
    if (code(error) !== "EPERM") throw error;
    throw new Error(`${file} is readable by others (mode ${mode.toString(8)}) and not ours to narrow: chown it to this user, or chmod 600 it`);
  }
}

/** Creates the file empty at exactly 0600 whatever the umask, or narrows it when it exists already. */
export function ensurePrivateFile(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx", PRIVATE_MODE);
  } catch (error) {
    if (code(error) !== "EEXIST") throw error;
    narrowToOwner(file);
    return;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}
