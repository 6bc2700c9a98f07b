import type { LookupAnswer } from "@/db/lookup";

export type LookupState =
  | { status: "idle" }
  | { status: "answer"; answer: Extract<LookupAnswer, { list: "published" }>; checked: boolean; accountEnding: string }
  | { status: "no-list"; list: "none" | "counts-only" }
  | { status: "invalid"; errors: Array<{ field: string; message: string }> }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "not-found" };
