import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";

/**
 * The bytes of an affected list, readable from the start as often as needed (an error's line is
 * found by reading again). A file on disk, or an upload spooled encrypted (http/spool-upload).
 */
export type ImportSource = { name: string; bytes: number; extension: string; open: () => Readable };

export const READ_CHUNK = 64 * 1024;

export function fileSource(file: string): ImportSource {
  return {
    name: file,
    bytes: fs.statSync(file).size,
    extension: path.extname(file).toLowerCase(),
    open: () => fs.createReadStream(file, { highWaterMark: READ_CHUNK }),
  };
}

/** The source's bytes from `start` on. */
export function openFrom(source: ImportSource, start: number): Readable {
  let skip = start;
  const stream = source.open();
  if (skip === 0) return stream;
  return stream.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (skip >= chunk.length) {
          skip -= chunk.length;
          return done();
        }
        const rest = chunk.subarray(skip);
        skip = 0;
        done(null, rest);
      },
    }),
  );
}

export type ImportFormat = "csv" | "json";

/**
 * The format (by extension, else '[' as the first non-space byte means JSON), where the content
 * starts after a UTF-8 BOM, and its first non-space byte; `start` is null when there is nothing
 * but blanks.
 */
export async function sniff(source: ImportSource): Promise<{ format: ImportFormat; start: number | null; first: string | null }> {
  let bom = 0;
  let first: number | null = null;
  let offset = 0;
  const stream = source.open();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let i = 0;
      if (offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) bom = i = 3;
      for (; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
          first = byte ?? null;
          break;
        }
      }
      offset += chunk.length;
      if (first !== null) break;
    }
  } finally {
    stream.destroy();
  }
  const format: ImportFormat =
    source.extension === ".csv" ? "csv" : source.extension === ".json" ? "json" : first === 0x5b /* [ */ ? "json" : "csv";
  return { format, start: first === null ? null : bom, first: first === null ? null : String.fromCharCode(first) };
}
