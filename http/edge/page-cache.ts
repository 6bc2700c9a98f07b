import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompress, constants, gzipSync } from "node:zlib";

/** One finished answer, kept with its bytes compressed ahead: what it shows (`stamp`, see stamps.ts) as it stood at `generation`. */
export type Entry = {
  /** The newest generation at which its stamp was found unchanged. */
  generation: number;
  stamp: string;
  status: number;
  headers: OutgoingHttpHeaders;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  /** Null until brotli, off the event loop, has finished; until then br's takers are sent gzip. */
  br: Buffer | null;
  /** What it holds in memory, counted once: brotli's bytes are at most gzip's. */
  bytes: number;
};

// Brotli at quality 10 takes 8 ms for a 40 KB list and 76 ms for a 225 KB incident page: done on
// the event loop, every reader after a write waited for it. In libuv's pool it waits for no one.
const BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 10 };

/** Compressed once per version of the record, then sent to every reader as it is; its header names lower-cased once, as the writer merges them. */
export function makeEntry(at: { generation: number; stamp: string }, status: number, headers: OutgoingHttpHeaders, body: Buffer): Entry {
  const gzip = gzipSync(body, { level: 9 });
  const entry: Entry = {
    generation: at.generation,
    stamp: at.stamp,
    status,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    identity: body,
    gzip,
    br: null,
    bytes: body.length + 2 * gzip.length,
  };
  // A failure leaves it null: the entry is then sent as gzip, as it was until brotli finished.
  brotliCompress(body, { params: { ...BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, (error, out) => {
    if (!error) entry.br = out;
  });
  return entry;
}

const sizeOf = (e: Entry) => e.bytes;

/** How a kept answer was found: made at this generation, or of an older one whose stamp still holds (RFC 9211's words for the Cache-Status header). */
export type Found = "hit" | "revalidated";

/**
 * Finished public answers by path, each valid while what it shows is unchanged: at the generation
 * it was made or last checked at (see generation.ts), or, after a write, while its stamp is the
 * same; otherwise a lookup finds nothing, so no reader is ever sent a page older than the record.
 * Bounded by bytes, least recently used out first; a burst of readers renders a page once.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly making = new Map<string, Promise<Entry | null>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The entry for `key` if it still shows what it showed; `stamp` is asked for only after a write. */
  async get(key: string, generation: number, stamp: () => Promise<string>): Promise<{ entry: Entry; found: Found } | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    let found: Found = "hit";
    if (entry.generation !== generation) {
      if (entry.stamp !== (await stamp())) return null;
      // Checked at this generation: the next reader need not ask again until the next write.
      if (entry.generation < generation) entry.generation = generation;
      found = "revalidated";
    }
    // Map order is the LRU order: touch by reinserting.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, found };
  }

  /** The entry for `key`, made by `make` unless one is being made already; null when it must not be kept. */
  async getOrMake(key: string, generation: number, stamp: () => Promise<string>, make: () => Promise<Entry | null>): Promise<Entry | null> {
    const hit = await this.get(key, generation, stamp);
    if (hit) return hit.entry;
    const flight = `${key}\n${generation}`;
    let pending = this.making.get(flight);
    if (!pending) {
      pending = make().finally(() => this.making.delete(flight));
      this.making.set(flight, pending);
      const entry = await pending;
      if (entry) this.put(key, entry);
      return entry;
    }
    return pending;
  }

  put(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= sizeOf(old);
      this.entries.delete(key);
    }
    if (sizeOf(entry) > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= sizeOf(e);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
