"use server";

import { revalidatePath } from "next/cache";
import { getLocale } from "next-intl/server";
import type { EditorState } from "@/components/editor/editor-state";
import { appLookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { DomainError } from "@/domain/errors";
import { requireUser } from "@/http/auth";
import { BODY_LIMITS } from "@/http/body-limits";
import { serverAction } from "@/http/form-action";
import type { Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { namedLines } from "@/notify/contacts";
import { type NoticeReport, queueNotices } from "@/notify/notices";
import { EDITOR_ARGS, REFUSED } from "./action-args";

const days = /^[1-9][0-9]{0,2}$/;

/** What a run did, in the editor's words: counts, and the lines of an account named twice. */
function said(r: NoticeReport, locale: Locale): string {
  const t = translator(locale);
  const parts = [t("notices.queued.counts", { queued: r.queued, already: r.alreadyNoticed, notInList: r.notInList })];
  if (r.skipped.count) parts.push(t("notices.queued.skipped", { count: r.skipped.count, lines: namedLines(r.skipped.lines, r.skipped.count, 20, locale) }));
  if (r.queued) parts.push(t("notices.queued.until", { day: r.expiresAt.toISOString().slice(0, 10) }));
  return parts.join(" ");
}

/** The contacts' upload: the same verb as npm run notify:affected; the server's outbox worker sends what it queues. The notices speak the page's language. */
async function queue(slug: string, _previous: EditorState, form: FormData): Promise<EditorState> {
  const locale = await getLocale();
  const t = translator(locale);
  const user = await requireUser({ next: `/editor/incidents/${slug}/notices` });
  const upload = form.get("contacts");
  const typed = String(form.get("days") ?? "").trim();
  const fail = (message: string, field = "contacts"): EditorState => ({ status: "error", message, errors: [{ field, message }], values: { days: typed } });
  if (!(upload instanceof File) || upload.size === 0) return fail(t("notices.refused.noFile"));
  if (upload.size > BODY_LIMITS.formUpload) return fail(t("notices.refused.tooLarge"));
  if (!days.test(typed)) return fail(t("notices.refused.days"), "days");
  try {
    const report = await queueNotices({
      store: getStore(),
      actor: { kind: "user", id: user.id, email: user.email, role: user.role },
      slug,
      input: { contacts: await upload.text(), days: Number(typed), locale },
      secret: appLookupSecret(),
      say: locale,
    });
    revalidatePath(`/editor/incidents/${slug}/notices`);
    return { status: "saved", message: said(report, locale) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: "error", message: error.message, errors: error.details.errors ?? [], values: { days: typed } };
  }
}

export const queueNoticesAction = serverAction(EDITOR_ARGS.queueNotices, queue, REFUSED);
