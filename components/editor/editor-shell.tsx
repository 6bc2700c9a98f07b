import Link from "next/link";
import { LINK } from "@/components/ui/styles";
import type { ReactNode } from "react";
import type { EditorAction } from "./item-form";
import { type Section, type SectionCounts, sectionHref, sectionLinks } from "./sections";
import { PublishForm } from "./small-forms";
import { minuteUtc } from "@/lib/instant";
import { useLocale } from "next-intl";
import { localized } from "@/i18n/locales";
import { useWords } from "./use-words";

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
/** What the incident is and whether readers see it, with its public page and its way to publication. */
function Status({ slug, published, version, updatedAt, current, unpublish }: Omit<Props, "title" | "counts" | "children">) {
  const { t } = useWords();
  const locale = useLocale();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
      <span>
        <strong className="font-semibold">{t(published ? "editor.shell.published" : "editor.shell.draft")}</strong>
        {published ? "" : t("editor.shell.draftUnseen")}
        {t("editor.shell.versionSaved", { version, time: minuteUtc(updatedAt) })}
      </span>
      <Link href={localized(locale, `/incidents/${slug}`)} className={LINK}>
        {t(published ? "editor.shell.publicPage" : "editor.shell.preview")}
      </Link>
      {published ? (
        <PublishForm action={unpublish} version={version} published />
      ) : (
        <Link href={sectionHref(slug, "publish", locale)} aria-current={current === "publish" ? "page" : undefined} className={LINK}>
          {t("editor.shell.checkAndPublish")}
        </Link>
      )}
    </div>
  );
}

/** The outline of the incident's sections, each with what it holds. */
function Outline({ slug, counts, current }: Pick<Props, "slug" | "counts" | "current">) {
  const { t } = useWords();
  const locale = useLocale();
  return (
    <nav aria-label={t("editor.shell.sections")} className="mb-6 lg:mb-0">
      <ul className="flex flex-wrap gap-1 lg:sticky lg:top-4 lg:flex-col">
        {sectionLinks(counts).map((link) => (
          <li key={link.section}>
            <Link href={sectionHref(slug, link.section, locale)} aria-current={link.section === current ? "page" : undefined} className={`${TAB} ${link.section === current ? CURRENT : OTHER}`}>
              <span>{t(link.label, link.values)}</span>
              {link.count !== null && (
                <span className="tabular-nums">
                  <span className="sr-only">, </span>
                  {link.count === "none" ? t("editor.shell.none") : new Intl.NumberFormat(locale).format(link.count)}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EditorShell({ slug, title, published, version, updatedAt, counts, current, unpublish, children }: Props) {
  const { t } = useWords();
  const locale = useLocale();
  return (
    <div>
      <p className="text-sm">
        <Link href={localized(locale, "/editor")} className={LINK}>
          {t("editor.shell.allIncidents")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">{title}</h1>
      <Status slug={slug} published={published} version={version} updatedAt={updatedAt} current={current} unpublish={unpublish} />
      <div className="mt-6 gap-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)]">
        <Outline slug={slug} counts={counts} current={current} />
        <div className="min-w-0 space-y-8">{children}</div>
      </div>
    </div>
  );
}
