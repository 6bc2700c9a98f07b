import { AsyncLocalStorage } from "node:async_hooks";
import type { Said } from "@/domain/said";

/** The header the edge sets on each request (any value a client sent is replaced) and each response. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What the app's code tells the edge about the request it is answering. */
export type RequestNote = {
  /** A server action's own code began to run: a failure from here on is the server's, not the request's. */
  actionStarted?: true;
  /** The status the answer must have, and headers to go with it (a form's 429 and its Retry-After). */
  status?: { code: number; headers: Record<string, string> };
  /** A server action refused its arguments before it ran: the answer is a 400 with this detail, whatever Next renders. */
  refused?: Said;
  /** The one other origin this answer may redirect to (the identity provider a sign-in goes to). */
  offSite?: string;
};

// Next's bundle and the server load this module separately: the one store lives on globalThis
// under a registered symbol, so the edge (which runs each request in it, with that request's note)
// and the app's copy of this module reach the same note.
const KEY = Symbol.for("aftermath.edge.request-store");
function store(): AsyncLocalStorage<RequestNote> {
  const existing: unknown = Reflect.get(globalThis, KEY);
  if (existing instanceof AsyncLocalStorage) return existing;
  const made = new AsyncLocalStorage<RequestNote>();
  Reflect.set(globalThis, KEY, made);
  return made;
}
const requests = store();

/** Runs the handling of one request with its note: whatever the app runs for it reads and adds to that note. */
export const withNote = <T>(note: RequestNote, run: () => T): T => requests.run(note, run);

/** Adds to the note of the request being answered; outside one (a test, a script) it does nothing. */
export function noteRequest(add: RequestNote): void {
  const note = requests.getStore();
  if (note) Object.assign(note, add);
}
