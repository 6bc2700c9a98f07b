import type { LookupAnswer } from "@/domain/lookup";

/** What the visitor typed, sent back with every answer so a refused form keeps it (their own input only). */
export type LookupTyped = { accountId: string; requestIds: string };

export type LookupState =
  | { status: "idle"; typed?: LookupTyped }
  | { status: "answer"; typed: LookupTyped; answer: LookupAnswer }
  | { status: "no-list"; typed: LookupTyped; list: "none" | "counts-only" }
  | { status: "invalid"; typed: LookupTyped; errors: Array<{ field: string; message: string }> }
  | { status: "limited"; typed: LookupTyped; retryAfterSeconds: number }
  | { status: "not-found"; typed: LookupTyped };
