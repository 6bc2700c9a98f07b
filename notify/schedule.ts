// When a failed message is tried again: the schedule Standard Webhooks suggests (5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 10 h), each wait spread by ±20% so that messages that failed together do not all
// come back at once. After the last, the message is dead and the editor shows it.
export const RETRY_WAITS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
const JITTER = 0.2;

/** The wait before try number `attempts + 1`, after `attempts` tries; null when there is none left. `random` in [0, 1). */
export function retryWait(attempts: number, random: number): number | null {
  const base = RETRY_WAITS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/** What a try came to: sent; to be tried again; dead (never to be tried again); or the endpoint is gone for good (410). */
export type Outcome = { kind: "sent" } | { kind: "retry"; error: string } | { kind: "dead"; error: string } | { kind: "gone"; error: string };
