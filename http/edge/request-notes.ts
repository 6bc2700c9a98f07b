// What the app's code tells the edge about the request it is answering, keyed by the request id the
// edge gave it. Next's bundle and the server load this module separately, so the notes live on
// globalThis under a registered symbol: one map per process, whichever copy asks.

/** The header the edge sets on each request (any value a client sent is replaced) and each response. */
export const REQUEST_ID_HEADER = "x-request-id";

export type RequestNote = {
  /** A server action's own code began to run: a failure from here on is the server's, not the request's. */
  actionStarted?: true;
  /** The status the answer must have, and headers to go with it (a form's 429 and its Retry-After). */
  status?: { code: number; headers: Record<string, string> };
  /** A server action refused its arguments before it ran: the answer is a 400 with this detail, whatever Next renders. */
  refused?: string;
  /** The one other origin this answer may redirect to (the identity provider a sign-in goes to). */
  offSite?: string;
};

const KEY = Symbol.for("aftermath.edge.request-notes");

function notes(): Map<string, RequestNote> {
  const holder: Record<symbol, unknown> = globalThis;
  const existing = holder[KEY];
  if (existing instanceof Map) return existing;
  const made = new Map<string, RequestNote>();
  holder[KEY] = made;
  return made;
}

export function openNote(id: string): void {
  notes().set(id, {});
}

/** The note of a request, removed: the edge reads it once, when the answer's status is written. */
export function takeNote(id: string): RequestNote | undefined {
  const note = notes().get(id);
  notes().delete(id);
  return note;
}

/** Adds to the note of a request the edge opened; a request it did not open (a test, a script) is ignored. */
export function addToNote(id: string | null | undefined, add: RequestNote): void {
  const note = id ? notes().get(id) : undefined;
  if (note) Object.assign(note, add);
}
