import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { AreaMessages } from "@/components/i18n/area-messages";
import { DeadLetters, NotSending, ProgressTable } from "@/components/editor/notices-progress";
import { NoticeUploadForm } from "@/components/editor/notice-upload-form";
import { readEnv } from "@/config/env";
import { getStore } from "@/db/app-store";
import { noticeCount } from "@/db/notices";
import { deadLetters, outboxTally } from "@/db/outbox/progress";
import { NOTICE_DAYS, whyNoNotices } from "@/notify/notices";
import { notSending } from "@/notify/outbox";
import { deadLines, progressRows } from "@/view/outbox-progress";
import { queueNoticesAction } from "../../../notice-actions";
import { loadForEditor } from "../load";
import { Shell } from "../shell";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notices.page"))("metaTitle"), robots: { index: false } };
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;

/** Notices to the affected list's tenants: the contacts' upload, what the outbox did with this incident's messages, and why nothing goes out when nothing does. */
export default async function Notices({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const [t, locale] = [await getTranslations("notices.page"), await getLocale()];
  const view = await loadForEditor(slug, "notices");
  const env = readEnv();
  // One snapshot: the counts, the dead letters and why nothing can be queued agree with each other.
  const { tally, cannot, noticed, dead } = await getStore().read(async (tx) => ({
    tally: await outboxTally(tx, view.id),
    cannot: await whyNoNotices(tx, slug, locale),
    noticed: await noticeCount(tx, view.id),
    dead: await deadLetters(tx, view.id),
  }));
  const failed = tally.filter((row) => row.state === "dead").reduce((n, row) => n + row.count, 0);
  return (
    <Shell view={view} current="notices">
      <AreaMessages areas={["notices"]}>
        <section aria-labelledby="notices-heading" className="space-y-4">
          <h2 id="notices-heading" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="max-w-3xl text-sm">{t.rich("intro", { code })}</p>
          {cannot && (
            <p role="status" className="rounded-md border border-slate-400 bg-slate-50 p-3 text-sm dark:border-slate-600 dark:bg-slate-900">
              {cannot}
            </p>
          )}
          <NoticeUploadForm action={queueNoticesAction.bind(null, slug)} days={NOTICE_DAYS} />
        </section>
        <section aria-labelledby="progress-heading" className="space-y-4">
          <h2 id="progress-heading" className="text-xl font-semibold">
            {t("progress")}
          </h2>
          <NotSending reasons={notSending(env, locale)} worker={env.OUTBOX_WORKER === "1"} />
          <ProgressTable rows={progressRows(tally, locale)} noticed={noticed} />
        </section>
        <section aria-labelledby="failed-heading" className="space-y-4">
          <h2 id="failed-heading" className="text-xl font-semibold">
            {t("failed")}
          </h2>
          <DeadLetters lines={deadLines(dead, locale)} total={failed} />
        </section>
      </AreaMessages>
    </Shell>
  );
}
