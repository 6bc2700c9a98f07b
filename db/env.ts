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
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
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
