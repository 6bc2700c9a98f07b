import type { Metadata } from "next";
import { DeadLetters, NotSending, ProgressTable } from "@/components/editor/notices-progress";
import { NoticeUploadForm } from "@/components/editor/notice-upload-form";
import { readEnv } from "@/config/env";
import { appLookupSecret } from "@/config/secret";
import { getDb } from "@/db/client";
import { noticeCount } from "@/db/notices";
import { deadLetters, outboxTally } from "@/db/outbox/progress";
import { NOTICE_DAYS, whyNoNotices } from "@/notify/notices";
import { outboxOf } from "@/notify/outbox";
import { deadLines, progressRows } from "@/view/outbox-progress";
import { queueNoticesAction } from "../../../notice-actions";
import { loadForEditor } from "../load";
import { Shell } from "../shell";

export const metadata: Metadata = { title: "Notices", robots: { index: false } };

/** Notices to the affected list's tenants: the contacts' upload, what the outbox did with this incident's messages, and why nothing goes out when nothing does. */
export default async function Notices({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "notices");
  const db = getDb();
  const env = readEnv();
  const { waiting } = outboxOf(db, env, appLookupSecret());
  const tally = outboxTally(db, view.id);
  const failed = tally.filter((t) => t.state === "dead").reduce((n, t) => n + t.count, 0);
  const cannot = whyNoNotices(db, slug);
  return (
    <Shell view={view} current="notices">
      <section aria-labelledby="notices-heading" className="space-y-4">
        <h2 id="notices-heading" className="text-xl font-semibold">
          Notices to affected tenants
        </h2>
        <p className="max-w-3xl text-sm">
          Each account of the live list that the contacts file names gets one notice, to its contact alone: that the account is affected, with the
          account&apos;s own lookup link. An account is never noticed twice for one list. The same as <code>npm run notify:affected</code>, which also
          prints each try as it goes.
        </p>
        {cannot && (
          <p role="status" className="rounded-md border border-slate-400 bg-slate-50 p-3 text-sm dark:border-slate-600 dark:bg-slate-900">
            {cannot}
          </p>
        )}
        <NoticeUploadForm action={queueNoticesAction.bind(null, slug)} days={NOTICE_DAYS} />
      </section>
      <section aria-labelledby="progress-heading" className="space-y-4">
        <h2 id="progress-heading" className="text-xl font-semibold">
          What has been sent
        </h2>
        <NotSending reasons={waiting} worker={env.OUTBOX_WORKER === "1"} />
        <ProgressTable rows={progressRows(tally)} noticed={noticeCount(db, view.id)} />
      </section>
      <section aria-labelledby="failed-heading" className="space-y-4">
        <h2 id="failed-heading" className="text-xl font-semibold">
          Failed messages
        </h2>
        <DeadLetters lines={deadLines(deadLetters(db, view.id))} total={failed} />
      </section>
    </Shell>
  );
}
