import "server-only";
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  /** Where the record is kept: a SQLite file's path (the default) or postgres://user:password@host:5432/database. */
  DATABASE_URL: z.string().trim().min(1).default("./data/aftermath.db").transform((value, ctx) => {
    const target = databaseTarget(value);
    if (!target) ctx.addIssue({ code: "custom", message: "DATABASE_URL must be a SQLite file's path (./data/aftermath.db, file:/srv/aftermath.db) or postgres://user:password@host:5432/database" });
    return target ?? { engine: "sqlite" as const, file: value };
  }),
  // The old name, refused rather than ignored: a database silently swapped for the default one would look empty.
  DATABASE_PATH: z.undefined({ error: "DATABASE_PATH is now DATABASE_URL (a SQLite file's path, or postgres://…): rename it" }).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOOKUP_SECRET: z
    .string()
    .min(32, "LOOKUP_SECRET must be at least 32 characters; leave it unset to have one generated")
    .optional(),
  /** Lookups a minute per client address; 0 turns the limit off (for benchmarks). */
  LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Lookups a minute for any one account, from all clients together; 0 turns it off. */
  LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** A tenant's lookup session (what a link or an OpenID sign-in is exchanged for) ends after this many minutes. */
  LOOKUP_SESSION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** This site's address as tenants reach it (https://status.example.com): the links and the OpenID redirect are made with it. */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, message: "PUBLIC_ORIGIN must be an http(s) address such as https://aftermath.example.com" })
    .transform((u) => new URL(u).origin)
    .optional(),
  /** The page's name in the Statuspage-compatible answers (/api/v2/*.json), as their clients show it. */
  STATUSPAGE_NAME: z.string().trim().min(1).max(100).default("Aftermath"),
  /** The provider's OpenID Connect issuer; the sign-in is off unless this and the client id and secret are set. */
  LOOKUP_OIDC_ISSUER: z.url({ protocol: /^https?$/, message: "LOOKUP_OIDC_ISSUER must be the issuer's http(s) address" }).optional(),
  LOOKUP_OIDC_CLIENT_ID: z.string().min(1).optional(),
  LOOKUP_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The ID token claim that carries the tenant's account id. */
  LOOKUP_OIDC_ACCOUNT_CLAIM: z.string().regex(/^[A-Za-z0-9_:.\/-]{1,128}$/, "LOOKUP_OIDC_ACCOUNT_CLAIM must be a claim name").default("account_id"),
  /** The scopes the sign-in asks for; the account claim must come in the ID token they give. */
  LOOKUP_OIDC_SCOPES: z.string().regex(/^openid( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'LOOKUP_OIDC_SCOPES must start with "openid", space-separated').default("openid"),
  /** How the page names the identity provider on its button ("Sign in with …"). */
  LOOKUP_OIDC_NAME: z.string().min(1).max(60).default("your provider"),
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
  /** Whom to tell of a vulnerability, for /.well-known/security.txt (RFC 9116): mailto:, https: or tel: addresses, comma-separated; unset, the file is not served. */
  SECURITY_CONTACT: z
    .string()
    .transform((v) => v.split(",").map((c) => c.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(mailto:[^\s@,]+@[^\s@,]+|https:\/\/[^\s,]+|tel:\+?[0-9-]+)$/, "SECURITY_CONTACT takes mailto:, https:// or tel: addresses, comma-separated")).min(1))
    .optional(),
  /** Until when the security.txt holds (an RFC 3339 instant); unset, 180 days ahead of each day. */
  SECURITY_TXT_EXPIRES: z.iso.datetime({ message: "SECURITY_TXT_EXPIRES must be an instant such as 2027-06-01T00:00:00Z" }).optional(),
  /** The SMTP server mail goes through: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset, mail waits in the outbox. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: "SMTP_URL must be smtp://user:password@host:port or smtps://…" })
    .optional(),
  /** Who the mail is from: an address, or "Name <address>". */
  MAIL_FROM: z
    .string()
    .regex(/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'MAIL_FROM must be an address, or "Name <address>"')
    .optional(),
  /** DKIM: the private key (PEM, or the path of a PEM file) and its selector; both or neither. */
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().regex(/^[A-Za-z0-9._-]{1,63}$/, "DKIM_SELECTOR must be a DNS label, like mail2026").optional(),
  /** The domain DKIM signs for; unset, MAIL_FROM's. */
  DKIM_DOMAIN: z.string().regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, "DKIM_DOMAIN must be a domain name").optional(),
  /** Messages a second the outbox sends in all, and to any one recipient domain; 0 stops sending. */
  OUTBOX_RATE_PER_SECOND: z.coerce.number().min(0).default(10),
  OUTBOX_DOMAIN_RATE_PER_SECOND: z.coerce.number().min(0).default(2),
  /** How long a worker's claim on a message holds, in seconds: longer than any one send may take; a worker killed mid-send leaves its messages this long. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** "0": the server does not run the outbox's worker (run `npm run outbox` instead, or elsewhere). */
  OUTBOX_WORKER: z.enum(["0", "1"], { message: 'OUTBOX_WORKER must be "1" or "0"' }).default("1"),
  /** "1" lets webhooks go to private and loopback addresses (tests, a closed network); never on a public site. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["0", "1"], { message: 'WEBHOOK_ALLOW_PRIVATE must be "1" or "0"' }).default("0"),
  /** How long a webhook's endpoint has to answer, in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Sign-ups, and "send me my link" asks, an hour per address and per client; 0 turns a limit off. */
  SUBSCRIBE_ADDRESS_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(3),
  SUBSCRIBE_CLIENT_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** "1" when exactly one trusted proxy in front sets X-Forwarded-For (and X-Forwarded-Proto, for the session cookie). */
  TRUST_PROXY: z.enum(["0", "1"], { message: 'TRUST_PROXY must be "1" or "0"' }).default("0"),
}).superRefine((env, ctx) => {
  if ((env.DKIM_PRIVATE_KEY === undefined) !== (env.DKIM_SELECTOR === undefined)) {
    ctx.addIssue({ code: "custom", path: ["DKIM_PRIVATE_KEY"], message: "DKIM needs DKIM_PRIVATE_KEY and DKIM_SELECTOR together; set both or neither" });
  }
  const oidc = [env.LOOKUP_OIDC_ISSUER, env.LOOKUP_OIDC_CLIENT_ID, env.LOOKUP_OIDC_CLIENT_SECRET];
  if (oidc.some((v) => v !== undefined) && (oidc.some((v) => v === undefined) || !env.PUBLIC_ORIGIN)) {
    ctx.addIssue({
      code: "custom",
      path: ["LOOKUP_OIDC_ISSUER"],
      message: "the OpenID sign-in needs LOOKUP_OIDC_ISSUER, LOOKUP_OIDC_CLIENT_ID, LOOKUP_OIDC_CLIENT_SECRET and PUBLIC_ORIGIN together; set all four or none",
    });
  }
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

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

/** What a DATABASE_URL names: PostgreSQL by its scheme, a SQLite file by its path (file: optional); any other scheme is a mistake. */
export function databaseTarget(value: string): DatabaseTarget | null {
  if (/^postgres(ql)?:\/\//i.test(value)) return URL.canParse(value) ? { engine: "postgres", url: value } : null;
  if (value.startsWith("file:")) return value.length > 5 ? { engine: "sqlite", file: path.resolve(value.slice(5)) } : null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return null;
  return { engine: "sqlite", file: path.resolve(value) };
}

/** The SQLite file, for what only a SQLite file has (its migrations, db:copy's source, a command's file checks). */
export function databasePath(env: Env = readEnv()): string {
  const target = env.DATABASE_URL;
  if (target.engine === "postgres") throw new Error("DATABASE_URL names a PostgreSQL database, and this works on a SQLite file only; set DATABASE_URL to the SQLite file");
  return target.file;
}
