import "server-only";
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  DATABASE_PATH: z.string().min(1).default("./data/aftermath.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOOKUP_SECRET: z
    .string()
    .min(32, "LOOKUP_SECRET must be at least 32 characters; leave it unset to have one generated")
    .optional(),
  /** Lookups a minute per client address; 0 turns the limit off (for benchmarks). */
  LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Lookups a minute for any one account, from all clients together; 0 turns it off. */
  LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** An editor's session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /** And after this many hours from sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Sign-in attempts a minute per client address; 0 turns the limit off. */
  SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Sign-in attempts per 15 minutes for any one email from any one client; 0 turns it off. */
  SIGNIN_ACCOUNT_CLIENT_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(0).default(5),
  /** Sign-in attempts an hour for any one email from all browsers it was never signed in from; 0 turns it off. */
  SIGNIN_ACCOUNT_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(10),
  /** "1" when exactly one trusted proxy in front sets X-Forwarded-For (and X-Forwarded-Proto, for the session cookie). */
  TRUST_PROXY: z.enum(["0", "1"], { message: 'TRUST_PROXY must be "1" or "0"' }).default("0"),
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

export function databasePath(env: Env = readEnv()): string {
  return path.resolve(env.DATABASE_PATH);
}
