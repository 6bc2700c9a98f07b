import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** One finished answer, kept with its bytes compressed ahead, as the record stood at `generation`. */
export type Entry = {
  generation: number;
  status: number;
  headers: OutgoingHttpHeaders;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
};

/** Compressed once per version of the record, then sent to every reader as it is; its header names lower-cased once, as the writer merges them. */
export function makeEntry(generation: number, status: number, headers: OutgoingHttpHeaders, body: Buffer): Entry {
  return {
    generation,
    status,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    identity: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}

const sizeOf = (e: Entry) => e.identity.length + e.gzip.length + e.br.length;

/**
 * Finished public answers by path, each valid for one generation of the record (see
 * generation.ts): a lookup that finds an entry of another generation finds nothing, so no reader is
 * ever sent a page older than the record. Bounded by bytes, least recently used out first; answers
 * being made for a path are shared, so a burst of readers renders a page once.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly making = new Map<string, Promise<Entry | null>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, generation: number): Entry | null {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== generation) return null;
    // Map order is the LRU order: touch by reinserting.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The entry for `key`, made by `make` unless one is being made already; null when it must not be kept. */
  async getOrMake(key: string, generation: number, make: () => Promise<Entry | null>): Promise<Entry | null> {
    const hit = this.get(key, generation);
    if (hit) return hit;
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
