import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type ImportSource, READ_CHUNK } from "@/domain/affected-list/source";

/** The upload is larger than the limit: refused whole, never cut to fit. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = "UploadTooLargeError";
  }
}

/**
 * Uploads wait in a directory "aftermath-upload-<pid>-XXXXXX" under the temp dir, named after the
 * process that spools them so a later start can tell a crashed server's leftovers from a live one's.
 */
const SPOOL_NAME = "aftermath-upload-";
const OWNED_SPOOL = /^aftermath-upload-([1-9][0-9]*)-[A-Za-z0-9]{6}$/;

/**
 * Streams `body` to a temp file, encrypted (AES-256-CTR) under a key that exists only in this
 * process's memory, so no file, even one a crash leaves behind, holds a raw account id. Counts bytes
 * as they arrive (past `maxBytes` it stops and throws UploadTooLargeError), hands `work` a source
 * that reads the upload back decrypted, and removes the file afterwards, whatever happens.
 */
export async function withSpooledUpload<T>(
  body: ReadableStream<Uint8Array> | null,
  { extension, maxBytes, under = os.tmpdir() }: { extension: "csv" | "json"; maxBytes: number; under?: string },
  work: (source: ImportSource) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(under, `${SPOOL_NAME}${process.pid}-`));
  const key = randomBytes(32);
  const iv = randomBytes(16);
  try {
    const file = path.join(dir, "upload.bin");
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new UploadTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    const input = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(input, limit, createCipheriv("aes-256-ctr", key, iv), fs.createWriteStream(file, { mode: 0o600 }));
    return await work({
      name: `upload.${extension}`,
      bytes: size,
      extension: `.${extension}`,
      open: () => fs.createReadStream(file, { highWaterMark: READ_CHUNK }).pipe(createDecipheriv("aes-256-ctr", key, iv)),
    });
  } finally {
    key.fill(0);
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Removes the spool directories a crashed server left behind, at start, before this process spools
 * anything: those of a pid that is not running (or is this process's: a restart reusing the pid),
 * and unnamed ones from before spools carried a pid once they are older than `olderThanMs`.
 */
export function removeLeftoverSpools(olderThanMs = 60 * 60 * 1000, under = os.tmpdir()): void {
  for (const name of fs.readdirSync(under)) {
    if (!name.startsWith(SPOOL_NAME)) continue;
    const full = path.join(under, name);
    const pid = Number(OWNED_SPOOL.exec(name)?.[1] ?? 0);
    const mtimeMs = fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    const leftover = pid === 0 ? Date.now() - mtimeMs > olderThanMs : pid === process.pid || !processIsAlive(pid);
    if (leftover) fs.rmSync(full, { recursive: true, force: true });
  }
}
