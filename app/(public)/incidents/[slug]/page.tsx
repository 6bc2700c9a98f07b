import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { DraftBand } from "@/components/record/draft-band";
import { LookupButton, PageActions } from "@/components/record/page-actions";
import { RecordArticle } from "@/components/record/article";
import { SubscribeBox } from "@/components/subscribe/subscribe-box";
import { SubscribeForm } from "@/components/subscribe/subscribe-form";
import { subscribeAction } from "../../subscribe/actions";
import { readIncident } from "@/db/read/incident";
import { getStore } from "@/db/app-store";
import { currentUser } from "@/http/auth";
import { localized } from "@/i18n/locales";
import { prosePlain } from "@/lib/markdown/plain";
import { incidentView } from "@/view/incident";

// Rendered on request from the database; the server (scripts/server.ts, http/edge) keeps the finished page until
// the record changes, so readers get it from memory and never an older version.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

/** The published incident; a draft only for a signed-in editor (the edge sends only theirs here, never keeping it). */
const load = cache(async (slug: string) => {
  // In the page's language: each text translated where it is, labelled where it is not, a translation's original fetched when opened (translation-overlay.ts).
  const locale = await getLocale();
  const published = await readIncident(getStore(), slug, { locale, linkOriginals: true });
  if (published) return published;
  return (await currentUser()) ? readIncident(getStore(), slug, { drafts: true, locale }) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const stored = await load((await params).slug);
  const t = await getTranslations("record.incident");
  if (!stored) return { title: t("notFound") };
  const title = stored.published ? stored.record.incident.title : t("draftTitle", { title: stored.record.incident.title });
  return { title, description: prosePlain(stored.record.incident.impact), ...(stored.published ? {} : { robots: { index: false } }) };
}

export default async function IncidentPage({ params }: Props) {
  const stored = await load((await params).slug);
  if (!stored) notFound();
  const locale = await getLocale();
  const view = incidentView(stored, locale);
  return (
    <>
      {!stored.published && <DraftBand slug={view.slug} />}
      <RecordArticle
        view={view}
        actions={
          <>
            <PageActions slug={view.slug} lookup={view.lookup} />
            {stored.published && <SubscribeBox slug={view.slug} form={<SubscribeForm action={subscribeAction} incident={{ slug: view.slug, title: view.title }} channels="email" />} />}
          </>
        }
        check={view.lookup ? <LookupButton slug={view.slug} /> : undefined}
        changesHref={localized(locale, `/incidents/${view.slug}/changes`)}
      />
    </>
  );
}
