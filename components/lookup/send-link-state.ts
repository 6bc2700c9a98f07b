/** What "send me my link" shows after a send: "asked" carries nothing of the address, so every address gets the same answer. */
export type SendLinkState =
  | { status: "idle" }
  | { status: "asked" }
  | { status: "invalid"; message: string; typed: string }
  | { status: "limited"; retryAfterSeconds: number; typed: string }
  | { status: "not-found" };
