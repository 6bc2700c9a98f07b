import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { NoticePayload } from "@/domain/notify";

// What a run of notices hands between its steps, on either engine (db/notices.ts, db/pg/notices.ts).

/** One contact of a run, keyed: its account's keyed hash and ending, its address, the address's keyed hash and domain. */
export type StagedContact = { line: number; accountKey: string; ending: string; email: string; emailHash: string; domain: string };

/** Where a run's notices go: a published incident and its live list, with rows to match accounts against. */
export type NoticeTarget = { incidentId: number; slug: string; title: string; listId: number };

/** A run's contacts as they wait: added a batch at a time, marked against the list, then read in line order. */
export type ContactStaging = {
  add(rows: StagedContact[]): Promise<void>;
  /** Marks every contact against the list; how many are later contacts of an account, not in the list, and in it. */
  match(listId: number): Promise<{ skipped: number; notInList: number; affected: number }>;
  /** The lines of the contacts passed over for an earlier one of the same account, the first `most`. */
  skippedLines(most: number): Promise<number[]>;
  /** The next `limit` contacts to notice, after line `after`: the first of each account in the list. */
  next(after: number, limit: number): Promise<StagedContact[]>;
  drop(): Promise<void>;
};

export const stagedContact = z.strictObject({ line: z.number().int(), accountKey: z.string(), ending: z.string(), email: z.string(), emailHash: z.string(), domain: z.string() });
export const stagedCounts = z.strictObject({ skipped: z.number().int().nullable(), notInList: z.number().int().nullable(), affected: z.number().int().nullable() });
/** A staged contact's columns, as its row schema reads them. */
export const STAGED_COLUMNS = `line, account_key AS "accountKey", ending, email, email_hash AS "emailHash", domain`;

/** A new staging table's name: one per run, so runs side by side never meet. */
export const stagingName = () => `notice_contact_${randomBytes(6).toString("hex")}`;

/** One batch of a run: where its notices go, its contacts, each notice's payload, and when its messages are due. */
export type NoticeBatch = { target: NoticeTarget; contacts: StagedContact[]; payload: (c: StagedContact, noticeId: number) => NoticePayload; now: number };
/** A notice made by a batch, and the contact it goes to. */
export type MadeNotice = { id: number; contact: StagedContact };
