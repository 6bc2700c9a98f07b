import type { LookupAnswer } from "@/db/lookup";

export type LookupState =
  | { status: "idle" }
  | { status: "answer"; answer: LookupAnswer; checked: boolean; accountEnding: string }
  | { status: "invalid"; errors: Array<{ field: string; message: string }> }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "not-found" };
