import type { Metadata } from "next";
import Link from "next/link";
import { StateMessage } from "@/components/ui/field";
import { LINK } from "@/components/ui/styles";
import { PublishForm } from "@/components/editor/small-forms";
import { sectionHref } from "@/components/editor/sections";
import { IncidentCards } from "@/components/record/cards";
import { publishGaps } from "@/domain/record/readiness";
import { cardView } from "@/view/card";
import { publishAction } from "../../../actions";
import { loadForEditor } from "../load";
import { Shell } from "../shell";

export const metadata: Metadata = { title: "Check and publish", robots: { index: false } };

/** Before a draft goes out: its card as the front page will show it, the preview, and what readers would miss. */
export default async function Publish({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "publish");
  const gaps = publishGaps(view.record);
  return (
    <Shell view={view} current="publish">
      <section aria-labelledby="publish-heading" className="space-y-6">
        <h2 id="publish-heading" className="text-xl font-semibold">
          {view.published ? "Published" : "Check and publish"}
        </h2>
        <div>
          <h3 className="text-base font-semibold">What readers will get</h3>
          <p className="mt-1 text-sm">
            Its card on the front page and in the feed, and{" "}
            <Link href={`/incidents/${slug}`} className={LINK}>
              its page
            </Link>{" "}
            {view.published ? "as readers see it now." : "as readers will see it (a preview only you and other editors can open)."}
          </p>
          <div className="mt-3">
            <IncidentCards cards={[cardView(view)]} href={(s) => `/incidents/${s}`} />
          </div>
        </div>
        <div>
          <h3 className="text-base font-semibold">{gaps.length ? `What is missing (${gaps.length})` : "Nothing is missing"}</h3>
          {gaps.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {gaps.map((gap) => (
                <li key={gap.message}>
                  {gap.message}{" "}
                  <Link href={sectionHref(slug, gap.section)} className={LINK}>
                    Fix it
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm">It has sources and events, and every statement cites a source.</p>
          )}
        </div>
        {view.published ? (
          <StateMessage state={{ status: "saved", message: "Published: readers can see it now. " }}>
            <Link href={`/incidents/${slug}`} className="underline">
              Open its page
            </Link>
          </StateMessage>
        ) : (
          <div>
            <p className="mb-2 text-sm">{gaps.length ? "You may publish it as it is; readers will see it without what is listed above." : "Readers, the feed and the exports get it as soon as you publish."}</p>
            <PublishForm action={publishAction.bind(null, slug, true)} version={view.version} published={false} label={gaps.length ? "Publish anyway" : "Publish"} />
          </div>
        )}
      </section>
    </Shell>
  );
}
