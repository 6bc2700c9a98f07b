import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { z } from "zod";
import { LinkWaiting } from "@/components/lookup/link-waiting";
import { LookupForm } from "@/components/lookup/lookup-form";
import { SendLinkForm } from "@/components/lookup/send-link-form";
import { NOTICE_BOX, NoListNotice, ProofWays, SessionNotice } from "@/components/lookup/proof-ways";
import { LookupSessionView } from "@/components/lookup/lookup-session";
import { Prose } from "@/components/record/prose";
import { SampleBadge } from "@/components/record/section";
import { getStore } from "@/db/app-store";
import { readEnv } from "@/config/env";
import { readIncident } from "@/db/read/incident";
import { sentNotices } from "@/db/notices";
import { waitingLink } from "@/lookup/proof/exchange";
import { runLookup } from "@/lookup/run";
import { appOpenidSettings } from "@/lookup/proof/openid";
import { sentLookupSession } from "@/lookup/proof/cookies";
import { lookupView } from "@/view/lookup";
import { AreaMessages } from "@/components/i18n/area-messages";
import { type Locale, localized } from "@/i18n/locales";
import { lookupAction, sendLinkAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache(async (slug: string, locale: Locale) => {
  // In the page's language: the record's title and its affected list's words, where translated.
  const stored = await readIncident(getStore(), slug, { locale });
  return stored ? lookupView(stored, locale) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [locale, t] = [await getLocale(), await getTranslations("lookup.page")];
  const view = await load((await params).slug, locale);
  return { title: view ? t("metaTitle", { title: view.title }) : t("notFound"), robots: { index: false } };
}

/** Whether notices went out for the incident: "send me my link" is offered (where the proof ways are shown) only then. */
const noticesSent = (slug: string) => getStore().read((tx) => sentNotices(tx, slug));

/** Where the edge sent the browser back from a link or a sign-in that proved nothing, and why. */
const notices = z.object({
  link: z.enum(["invalid", "expired", "other-incident", "gone"]).optional().catch(undefined),
  signin: z.enum(["failed", "no-account"]).optional().catch(undefined),
});

export default async function LookupPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const locale = await getLocale();
  const t = await getTranslations("lookup");
  const view = await load(slug, locale);
  if (!view) notFound();
  const advice = view.advice.map((r, i) => ({ id: i, body: <Prose text={r.text} /> }));
  const asked = notices.parse(await searchParams);
  const notice = asked.link === "gone" ? t("page.notice.gone") : asked.link ? t(`linkRefused.${asked.link}`) : asked.signin ? t(`page.notice.${asked.signin}`) : null;
  const requestHeaders = await headers();
  // Only a lookup session shows an account here; without one the page asks nothing of the gate.
  const session = view.list === "list" && sentLookupSession(requestHeaders) !== undefined ? await runLookup(slug, {}, requestHeaders) : null;
  const waiting = view.list === "list" ? await waitingLink(slug, requestHeaders) : null;
  const shown = session?.kind === "answer" && session.answer.proof.kind === "account" ? session.answer.proof.accountEnding : null;
  const openid = appOpenidSettings();
  const resend = view.list === "list" && session?.kind !== "answer" && (await noticesSent(slug));
  // One read of the environment for the page (each read parses all of it).
  const { LOOKUP_OIDC_NAME: provider, LOOKUP_SESSION_MINUTES: sessionMinutes } = readEnv();
  return (
    <AreaMessages areas={["lookup"]}>
      <div>
      <p className="text-sm">
        <Link href={localized(locale, `/incidents/${slug}`)} className="text-blue-700 underline dark:text-blue-300">
          ← {view.title}
        </Link>
      </p>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        {t("page.title")}
        {view.sample && <SampleBadge />}
      </h1>
      {notice && (
        <p role="alert" className={`${NOTICE_BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
          {notice}
        </p>
      )}
      {waiting && <LinkWaiting slug={slug} link={waiting.ending} open={shown} />}
      {view.list !== "list" ? (
        <NoListNotice view={{ ...view, list: view.list }} />
      ) : session?.kind === "answer" ? (
        <div className="mt-6">
          <LookupSessionView slug={slug} answer={session.answer} advice={advice} provider={provider} words={view.words} />
        </div>
      ) : (
        <>
          {session?.kind === "limited" && <SessionNotice retryAfterSeconds={session.decision.retryAfterSeconds} />}
          {session?.kind === "proof-required" && <SessionNotice retryAfterSeconds={null} />}
          <ProofWays
            view={view}
            provider={provider}
            sessionMinutes={sessionMinutes}
            signIn={openid ? localized(locale, `/incidents/${slug}/lookup/signin`) : null}
            form={view.words.requests && <LookupForm action={lookupAction.bind(null, slug)} advice={advice} words={view.words} requests={view.words.requests} />}
            resend={resend && <SendLinkForm action={sendLinkAction.bind(null, slug)} />}
          />
        </>
      )}
      </div>
    </AreaMessages>
  );
}
