import fs from "node:fs";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { issueLinks } from "@/lookup/proof/links";
import { lookupSecret } from "@/config/secret";
import { PRIVATE_MODE } from "@/lib/private-file";
import { accountIdOf, describeForm, PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { readAffectedShape } from "@/db/read/incident";
import type { Store } from "@/db/store/store";
import { DomainError } from "@/domain/errors";
import { UsageError, openExistingStore, runCommand } from "./command";
import { operator } from "./operator";

// Exit codes: 0 written; 1 no such incident, or an unexpected failure; 2 the command or its input is
// wrong (flags, a bad account id on any line, an existing --out): then nothing is written at all.
const USAGE = `usage: npm run lookup:links -- --incident <slug> --accounts <file> [--out <file>] [--days 90] [--origin https://…]

Writes, for each account id in <file> (one a line; blank lines skipped), a personal lookup link for
that incident, as CSV: account_id,link,expires_at, to standard output or to --out. Send each owner
their link in your notice: it shows that account's record, and only that, until it expires (--days,
default 90). --out is created readable by you alone and never overwritten: the links are credentials.
The links start with PUBLIC_ORIGIN, or --origin. \`npm run lookup:rotate\` revokes every link made so far.`;

const days = z.coerce.number().int().min(1, "--days is at least 1").max(366, "--days is at most 366");

async function readAccounts(file: string, store: Store, slug: string): Promise<string[]> {
  const shape = await store.read((tx) => readAffectedShape(tx, slug));
  if (shape === undefined) throw new DomainError("not-found", `There is no incident "${slug}".`);
  const account = (shape ?? PLAIN_SHAPE).account;
  const accountId = accountIdOf(account);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const ids = new Set<string>();
  const bad: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const parsed = accountId.safeParse(line);
    if (parsed.success) ids.add(parsed.data);
    else bad.push(`line ${i + 1}`);
  });
  if (bad.length) throw new UsageError(`${file}: not a ${account.name} (${describeForm(account.form)}) on ${bad.slice(0, 10).join(", ")}${bad.length > 10 ? ` and ${bad.length - 10} more` : ""}`);
  if (ids.size === 0) throw new UsageError(`${file} holds no account id`);
  return [...ids];
}

runCommand({
  command: "lookup-links",
  usage: USAGE,
  flags: z.object({
    incident: z.string().min(1),
    accounts: z.string().min(1),
    out: z.string().min(1).optional(),
    days: days.optional(),
    origin: z.url({ protocol: /^https?$/ }).optional(),
  }),
  async run(flags) {
    const env = readEnv();
    const origin = flags.origin ? new URL(flags.origin).origin : env.PUBLIC_ORIGIN;
    if (!origin) throw new UsageError("the links need this site's address: set PUBLIC_ORIGIN or give --origin https://…");
    if (flags.out !== undefined && fs.existsSync(flags.out)) throw new UsageError(`${flags.out} exists already; give another --out (links are never overwritten)`);
    const expiresAt = new Date(Date.now() + (flags.days ?? 90) * 24 * 3600 * 1000);
    const { store } = await openExistingStore("lookup_key");
    try {
      const accountIds = await readAccounts(flags.accounts, store, flags.incident);
      const { links, published } = await issueLinks(store, operator("lookup-links"), { slug: flags.incident, accountIds, expiresAt, origin, secret: lookupSecret(env) });
      const csv = ["account_id,link,expires_at", ...links.map((l) => `${l.accountId},${l.link},${expiresAt.toISOString()}`)].join("\n") + "\n";
      // What is said about the run goes to stderr, so standard output holds the CSV alone.
      if (flags.out === undefined) process.stdout.write(csv);
      else fs.writeFileSync(flags.out, csv, { mode: PRIVATE_MODE, flag: "wx" });
      console.error(`${links.length} links for ${flags.incident}, valid until ${expiresAt.toISOString()}, written to ${flags.out ?? "standard output"}`);
      if (!published) console.warn(`note: ${flags.incident} is not published (or has no affected list) yet; the links answer once it is`);
      return 0;
    } finally {
      await store.close();
    }
  },
});
