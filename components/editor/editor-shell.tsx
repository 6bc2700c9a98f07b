import Link from "next/link";
import { LINK } from "@/components/ui/styles";
import type { ReactNode } from "react";
import type { EditorAction } from "./item-form";
import { type Section, type SectionCounts, sectionHref, sectionLinks } from "./sections";
import { PublishForm } from "./small-forms";
import { minuteUtc } from "@/lib/instant";

type Props = {
  slug: string;
  title: string;
  published: boolean;
  version: number;
  updatedAt: string;
  counts: SectionCounts;
  current: Section;
  /** Unpublishing is one button; publishing goes through its own page, which says what is missing first. */
  unpublish: EditorAction;
  children: ReactNode;
};

const TAB = "flex items-baseline justify-between gap-2 rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600";
const CURRENT = "bg-slate-900 font-semibold text-white dark:bg-slate-100 dark:text-slate-900";
const OTHER = "text-blue-800 underline-offset-2 hover:bg-slate-100 hover:underline dark:text-blue-200 dark:hover:bg-slate-800";

/** Every editor page of one incident: what it is, whether readers see it, and the outline of its sections with what each holds. */
export function EditorShell({ slug, title, published, version, updatedAt, counts, current, unpublish, children }: Props) {
  return (
    <div>
      <p className="text-sm">
        <Link href="/editor" className={LINK}>
          ← All incidents
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">{title}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
        <span>
          <strong className="font-semibold">{published ? "Published" : "Draft"}</strong>
          {published ? "" : ": readers, the lookup, exports and the feed do not see it"} · version {version} · saved {minuteUtc(updatedAt)}
        </span>
        <Link href={`/incidents/${slug}`} className={LINK}>
          {published ? "Public page" : "Preview as readers will see it"}
        </Link>
        {published ? (
          <PublishForm action={unpublish} version={version} published />
        ) : (
          <Link href={sectionHref(slug, "publish")} aria-current={current === "publish" ? "page" : undefined} className={LINK}>
            Check and publish
          </Link>
        )}
      </div>
      <div className="mt-6 gap-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label="Sections of this incident" className="mb-6 lg:mb-0">
          <ul className="flex flex-wrap gap-1 lg:sticky lg:top-4 lg:flex-col">
            {sectionLinks(counts).map((link) => (
              <li key={link.section}>
                <Link
                  href={sectionHref(slug, link.section)}
                  aria-current={link.section === current ? "page" : undefined}
                  className={`${TAB} ${link.section === current ? CURRENT : OTHER}`}
                >
                  <span>{link.label}</span>
                  {link.count !== null && (
                    <span className="tabular-nums">
                      <span className="sr-only">, </span>
                      {link.count}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-8">{children}</div>
      </div>
    </div>
  );
}
