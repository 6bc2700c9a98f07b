import { cache } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { publicChanges } from "@/db/audit";
import { readIncident } from "@/db/read/incident";
import { getStore } from "@/db/app-store";
import { RecordWords } from "@/components/record/record-text";
import { localized } from "@/i18n/locales";
import { publicChangeLines } from "@/view/changes";
import { minuteUtc } from "@/lib/instant";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

/** The published incident in the page's language: its title as the incident's page says it. */
const load = cache(async (slug: string) => readIncident(getStore(), slug, { locale: await getLocale() }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const stored = await load((await params).slug);
  const t = await getTranslations();
  return { title: stored ? t("public.changes.title", { title: stored.record.incident.title }) : t("record.incident.notFound") };
}

/** The public change summary: every edit to the record since it was loaded, when and of what kind. */
export default async function ChangesPage({ params }: Props) {
  const meta = (await load((await params).slug)) ?? notFound();
  const locale = await getLocale();
  const t = await getTranslations("public.changes");
  const changes = publicChangeLines(await publicChanges(getStore().q, meta.id), locale);
  return (
    <div>
      <p className="text-sm">
        <Link href={localized(locale, `/incidents/${meta.slug}`)} className="text-blue-700 underline dark:text-blue-300">
          ← <RecordWords of={meta.record.incident} field="title" />
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">{t("intro", { loaded: minuteUtc(meta.createdAt, locale), updated: minuteUtc(meta.updatedAt, locale) })}</p>
      {changes.length === 0 ? (
        <p className="mt-6">{t("none")}</p>
      ) : (
        <ol className="mt-6 space-y-2">
          {changes.map((c, i) => (
            <li key={i} className="flex flex-wrap gap-x-4">
              <time dateTime={c.at} className="font-mono text-sm">
                {minuteUtc(c.at, locale)}
              </time>
              <span>{c.summary}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
