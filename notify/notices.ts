import "server-only";
import { z } from "zod";
import { lockPacer } from "@/db/affected/pacer";
import { recordAudit } from "@/db/audit";
import { type ContactStaging, type NoticeTarget, type StagedContact, contactStaging, noticeBatch, readNoticeTarget } from "@/db/notices";
import type { Store, Tx } from "@/db/store/store";
import { writeTransaction } from "@/db/transaction";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { maskRecipient } from "@/domain/notify";
import { type AffectedShape, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { tenantKey } from "@/lib/tenant-key";
import { accountEnding } from "@/lookup/proof/tokens";
import { addressHash, domainOf } from "./addresses";
import { type BadLine, type Contact, contactLines, namedLines } from "./contacts";

/** How long a notice's link holds unless told otherwise, in days. */
export const NOTICE_DAYS = 90;

export const noticeInput = z.strictObject({
  /** The contacts file's text: CSV, `account_id,email`. */
  contacts: z.string(),
  days: z.number().int().min(1, "a link holds at least 1 day").max(366, "a link holds at most 366 days").default(NOTICE_DAYS),
  /** The notices' language: their words, and the lookup page their links open. */
  locale: z.enum(LOCALES, { message: `the language is one of ${LOCALES.join(", ")}` }).default(DEFAULT_LOCALE),
});
export type NoticeInput = z.input<typeof noticeInput>;

/** What a run did, in counts: nothing in it names an account or an address. */
export type NoticeReport = {
  incident: string;
  incidentId: number;
  /** Contacts read (good lines). */
  contacts: number;
  queued: number;
  /** Accounts of the list noticed before, by an earlier run. */
  alreadyNoticed: number;
  notInList: number;
  /** Later contacts of an account the file named before, and the first of their lines. */
  skipped: { count: number; lines: number[] };
  expiresAt: Date;
};

/** The incident's live list, or why no notice can go out for it (said in `say`): each link opens its lookup, which needs both. */
async function targetOf(tx: Tx, slug: string, say: Locale = DEFAULT_LOCALE): Promise<NoticeTarget & { shape: AffectedShape }> {
  const t = await readNoticeTarget(tx, slug);
  const said = translator(say);
  if (!t) throw new DomainError("not-found", said("notices.cannot.notFound", { slug }));
  if (!t.published) throw new DomainError("conflict", said("notices.cannot.draft"));
  if (t.listId === null || !t.rows) throw new DomainError("conflict", said("notices.cannot.noList"));
  if (t.sample) throw new DomainError("conflict", said("notices.cannot.sample"));
  return { incidentId: t.incidentId, slug: t.slug, title: t.title, listId: t.listId, shape: storedShape(t.shape) ?? PLAIN_SHAPE };
}

/** Why this incident cannot take notices now (a draft, no list, sample data), or null when it can. */
export async function whyNoNotices(tx: Tx, slug: string, say: Locale = DEFAULT_LOCALE): Promise<string | null> {
  try {
    await targetOf(tx, slug, say);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/** Reads the file into the staging table, a thousand at a time; all or nothing: a bad line refuses the whole file, naming its lines. */
async function stage(staging: ContactStaging, text: string, shape: AffectedShape, secret: string, say: Locale): Promise<number> {
  const t = translator(say);
  const bad: BadLine[] = [];
  let good = 0;
  let batch: StagedContact[] = [];
  const keyed = (c: Contact): StagedContact => ({
    line: c.line,
    accountKey: tenantKey(secret, c.accountId),
    ending: accountEnding(c.accountId),
    email: c.email,
    emailHash: addressHash(secret, "email", c.email),
    domain: domainOf("email", c.email),
  });
  for (const read of contactLines(text, shape.account, say)) {
    if ("message" in read) bad.push(read);
    else if (bad.length === 0) batch.push(keyed(read));
    good += "message" in read ? 0 : 1;
    if (batch.length < 1000) continue;
    await staging.add(batch);
    batch = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (bad.length) {
    const errors = bad.slice(0, 100).map((b) => ({ field: `line ${b.line}`, message: b.message }));
    const lines = namedLines(bad.map((b) => b.line), bad.length, 20, say);
    throw new DomainError("invalid", t("notices.refused.badLines", { lines, first: bad[0]?.message ?? "" }), { errors });
  }
  if (good === 0) throw new DomainError("invalid", t("notices.refused.empty"), { errors: [{ field: "line 1", message: t("notices.refused.noContact") }] });
  await staging.add(batch);
  return good;
}

/**
 * Queues one notice to the contact of each account of the incident's live list the contacts file
 * names: the notice (hashes only) and its message (the address, until sent) together, a paced
 * batch per transaction, so a run killed at any point leaves whole batches and a run again queues
 * nothing twice. The first contact of an account counts; the later ones are reported by line.
 */
/** `say`: the language its refusals are said in (the editor's page's); the notices' own is `input.locale`. */
type Run = { store: Store; actor: Actor; slug: string; input: NoticeInput; secret: string; now?: Date; say?: Locale };

export async function queueNotices({ store, actor, slug, input, secret, now = new Date(), say = DEFAULT_LOCALE }: Run): Promise<NoticeReport> {
  if (actor.kind !== "user" && actor.kind !== "system") throw new DomainError("forbidden", "Notices are sent by an editor or at the server's shell.");
  const parsed = noticeInput.safeParse(input);
  if (!parsed.success) throw new DomainError("invalid", parsed.error.issues[0]?.message ?? "not a run", { errors: parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })) });
  const target = await store.read((tx) => targetOf(tx, slug, say));
  const expiresAt = new Date(now.getTime() + parsed.data.days * 86_400_000);
  const staging = await contactStaging(store);
  try {
    const contacts = await stage(staging, parsed.data.contacts, target.shape, secret, say);
    const counts = await staging.match(target.listId);
    const { queued, already } = await queueAll(store, staging, target, { expiresAt, locale: parsed.data.locale, say }, now.getTime());
    const report: NoticeReport = {
      incident: target.slug,
      incidentId: target.incidentId,
      contacts,
      queued,
      alreadyNoticed: already,
      notInList: counts.notInList,
      skipped: { count: counts.skipped, lines: await staging.skippedLines(100) },
      expiresAt,
    };
    // Not in the incident's own history, which readers see: counts only, never an address or an id.
    const { skipped, incidentId: _id, ...said } = report;
    await writeTransaction(store, (tx) =>
      recordAudit(tx, { actor, incident: null, action: "create", entity: "notices", entityId: target.listId, before: null, after: { ...said, skipped: skipped.count, expiresAt: expiresAt.toISOString() } }),
    );
    return report;
  } finally {
    await staging.drop();
  }
}

/** Every staged contact to notice, a batch per transaction, paced so other writers get the lock between batches: how many were queued, and noticed before. */
async function queueAll(store: Store, staging: ContactStaging, target: NoticeTarget, { expiresAt, locale, say }: { expiresAt: Date; locale: Locale; say: Locale }, now: number): Promise<{ queued: number; already: number }> {
  const pacer = lockPacer();
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const payload = (c: StagedContact, noticeId: number) => ({
    type: "notice.affected" as const,
    noticeId,
    incident: { slug: target.slug, title: target.title },
    accountEnding: c.ending,
    expiresAt: expires,
    locale,
    to: maskRecipient(c.email),
  });
  let queued = 0;
  let already = 0;
  for (let after = 0; ; ) {
    await pacer.turn();
    const contacts = await staging.next(after, pacer.size);
    const last = contacts.at(-1);
    if (!last) return { queued, already };
    const done = await pacer.batch(contacts.length, () => writeTransaction(store, (tx) => noticeBatch(tx, { target, contacts, payload, now })));
    if (!done.live) throw new DomainError("conflict", translator(say)("notices.refused.listChanged", { queued: String(queued) }));
    queued += done.queued;
    already += done.already;
    after = last.line;
  }
}
