"use server";

import { revalidatePath } from "next/cache";
import type { EditorState } from "@/components/editor/editor-state";
import { appLookupSecret } from "@/config/secret";
import { getDb } from "@/db/client";
import { DomainError } from "@/domain/errors";
import { requireUser } from "@/http/auth";
import { BODY_LIMITS } from "@/http/body-limits";
import { serverAction } from "@/http/form-action";
import { namedLines } from "@/notify/contacts";
import { type NoticeReport, queueNotices } from "@/notify/notices";
import { EDITOR_ARGS, REFUSED } from "./action-args";

const days = /^[1-9][0-9]{0,2}$/;

/** What a run did, in the editor's words: counts, and the lines of an account named twice. */
function said(r: NoticeReport): string {
  const skipped = r.skipped.count ? ` ${r.skipped.count} skipped: ${namedLines(r.skipped.lines, r.skipped.count)} named an account a line before did.` : "";
  const until = r.queued ? ` Their links hold until ${r.expiresAt.toISOString().slice(0, 10)}.` : "";
  return `Queued ${r.queued} ${r.queued === 1 ? "notice" : "notices"}; ${r.alreadyNoticed} already noticed, ${r.notInList} not in the list.${skipped}${until}`;
}

/** The contacts' upload: the same verb as npm run notify:affected; the server's outbox worker sends what it queues. */
async function queue(slug: string, _previous: EditorState, form: FormData): Promise<EditorState> {
  const user = await requireUser({ next: `/editor/incidents/${slug}/notices` });
  const upload = form.get("contacts");
  const typed = String(form.get("days") ?? "").trim();
  const fail = (message: string, field = "contacts"): EditorState => ({ status: "error", message, errors: [{ field, message }], values: { days: typed } });
  if (!(upload instanceof File) || upload.size === 0) return fail("Nothing was queued: choose the contacts file (.csv) first.");
  if (upload.size > BODY_LIMITS.formUpload) return fail("Nothing was queued: the file is larger than 20 MB; use npm run notify:affected.");
  if (!days.test(typed)) return fail("Nothing was queued: write how many days the links hold, 1 to 366.", "days");
  try {
    const report = await queueNotices({
      db: getDb(),
      actor: { kind: "user", id: user.id, email: user.email, role: user.role },
      slug,
      input: { contacts: await upload.text(), days: Number(typed) },
      secret: appLookupSecret(),
    });
    revalidatePath(`/editor/incidents/${slug}/notices`);
    return { status: "saved", message: said(report) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: "error", message: error.message, errors: error.details.errors ?? [], values: { days: typed } };
  }
}

export const queueNoticesAction = serverAction(EDITOR_ARGS.queueNotices, queue, REFUSED);
