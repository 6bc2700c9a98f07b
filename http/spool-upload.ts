import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** The upload is larger than the limit: refused whole, never cut to fit. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = "UploadTooLargeError";
  }
}

/**
 * Streams `body` into a file named `upload.<extension>` in a fresh directory under the system's
 * temp dir, counting bytes as they arrive (past `maxBytes` it stops and throws
 * UploadTooLargeError), hands the path to `work` and removes the directory afterwards, whatever happens.
 */
export async function withSpooledUpload<T>(
  body: ReadableStream<Uint8Array> | null,
  { extension, maxBytes }: { extension: "csv" | "json"; maxBytes: number },
  work: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "aftermath-upload-"));
  try {
    const file = path.join(dir, `upload.${extension}`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new UploadTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    const source = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(source, limit, fs.createWriteStream(file, { mode: 0o600 }));
    return await work(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
