import "server-only";
import type { Store } from "@/db/store/store";
import { type LookupIncident, lookupIncident } from "./rows";
import { type KeyFinder, keysIn } from "./proof/keys";

const MAX_KEPT = 1000;

/**
 * What a lookup reads of the record besides its rows, kept: the incidents with their live lists,
 * and the signing keys, as they stood at generation `at` (db/generation.ts; every change moves it
 * on). Each is read after `at` was, so it is at least that new; whoever uses them checks the
 * generation after, and decides again from a fresh view when it moved. A view is never changed
 * for a newer generation: a read begun for an old view lands in that view, not in the next.
 */
export class View {
  private readonly incidents = new Map<string, LookupIncident | null>();
  private keyFinder: KeyFinder | null = null;

  constructor(
    readonly at: number,
    private readonly store: Store,
    private readonly secret: string,
  ) {}

  async incident(slug: string): Promise<LookupIncident | null> {
    const kept = this.incidents.get(slug);
    if (kept !== undefined) return kept;
    const found = await this.store.read((tx) => lookupIncident(tx, slug));
    if (this.incidents.size >= MAX_KEPT) this.incidents.clear();
    this.incidents.set(slug, found);
    return found;
  }

  async keys(): Promise<KeyFinder> {
    this.keyFinder ??= await this.store.read((tx) => keysIn(tx, this.secret));
    return this.keyFinder;
  }
}

const views = new WeakMap<Store, View>();

/** The view lookups share now; the first is made at the generation read then. */
export async function currentView(store: Store, secret: string): Promise<View> {
  return views.get(store) ?? freshView(store, secret);
}

/** The view at the generation now: the one shared, when nothing changed since it was made; a new one (shared from now on) when something did. */
export async function freshView(store: Store, secret: string): Promise<View> {
  const at = await store.generation();
  const kept = views.get(store);
  if (kept?.at === at) return kept;
  const view = new View(at, store, secret);
  views.set(store, view);
  return view;
}
