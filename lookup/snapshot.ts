import "server-only";
import type { Db } from "@/db/client";
import { generationReader } from "@/db/generation";
import { type LookupIncident, lookupIncident } from "./rows";
import { type KeyFinder, type SigningKey, keyByKid } from "./proof/keys";

/**
 * What a lookup reads of the record besides its rows, kept: the incidents with their live lists,
 * and the signing keys, as they stood at generation `at` (the newest audit entry's id; every change
 * appends one). Whoever uses them checks the generation after, and reads again when it moved.
 */
export type Snapshot = {
  generation: () => number;
  at: number;
  incidents: Map<string, LookupIncident | null>;
  keyMap: Map<string, SigningKey | null>;
  keys: KeyFinder;
  incident: (slug: string) => LookupIncident | null;
};
const snapshots = new WeakMap<Db, Snapshot>();
const MAX_KEPT = 1000;

function remember<T>(map: Map<string, T | null>, key: string, read: () => T | null): T | null {
  let found = map.get(key);
  if (found === undefined) {
    if (map.size >= MAX_KEPT) map.clear();
    found = read();
    map.set(key, found);
  }
  return found;
}

export function snapshotOf(db: Db, secret: string): Snapshot {
  let s = snapshots.get(db);
  if (!s) {
    const incidents = new Map<string, LookupIncident | null>();
    const keyMap = new Map<string, SigningKey | null>();
    s = {
      generation: generationReader(db.$client.name),
      at: -1,
      incidents,
      keyMap,
      keys: (kid) => remember(keyMap, kid, () => keyByKid(db, secret, kid)),
      incident: (slug) => remember(incidents, slug, () => lookupIncident(db, slug)),
    };
    refresh(s);
    snapshots.set(db, s);
  }
  return s;
}

/** Forgets what was kept and notes the generation now: what is read next is at least this new. */
export function refresh(s: Snapshot): void {
  s.at = s.generation();
  s.incidents.clear();
  s.keyMap.clear();
}

/** Whether nothing changed since the snapshot's generation; when something did, it is refreshed. */
export function stillCurrent(s: Snapshot): boolean {
  if (s.generation() === s.at) return true;
  refresh(s);
  return false;
}
