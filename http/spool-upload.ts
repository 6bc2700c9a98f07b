import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type ImportSource, READ_CHUNK } from "@/db/affected/source";

/** The upload is larger than the limit: refused whole, never cut to fit. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = "UploadTooLargeError";
  }
}

/** Uploads wait in a directory of this name under the temp dir; whatever a crash leaves there is unreadable. */
const SPOOL_NAME = "aftermath-upload-";

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
  const dir = await fs.promises.mkdtemp(path.join(under, SPOOL_NAME));
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

/** Removes spool directories a crashed server left behind: old ones only, as another process may be importing. */
export function removeLeftoverSpools(olderThanMs = 60 * 60 * 1000, under = os.tmpdir()): void {
  for (const name of fs.readdirSync(under)) {
    const full = path.join(under, name);
    if (name.startsWith(SPOOL_NAME) && Date.now() - fs.statSync(full).mtimeMs > olderThanMs) fs.rmSync(full, { recursive: true, force: true });
  }
}
