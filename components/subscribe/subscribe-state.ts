/** What the sign-up form shows after a send: the same for every address; a webhook's secret once. */
export type SubscribeState =
  | { status: "idle" }
  | { status: "asked"; channel: "email" | "webhook"; secret: string | null }
  | { status: "invalid"; field: "address" | "incident"; message: string; typed: { address: string } }
  | { status: "limited"; retryAfterSeconds: number; typed: { address: string } };
