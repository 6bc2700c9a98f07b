import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { LinkWaiting } from "@/components/lookup/link-waiting";
import { LookupForm } from "@/components/lookup/lookup-form";
import { SendLinkForm } from "@/components/lookup/send-link-form";
import { NOTICE_BOX, NoListNotice, ProofWays, SessionNotice } from "@/components/lookup/proof-ways";
import { LookupSessionView } from "@/components/lookup/lookup-session";
import { Prose } from "@/components/record/prose";
import { SampleBadge } from "@/components/record/section";
import { getDb } from "@/db/client";
import { readEnv } from "@/config/env";
import { readIncident } from "@/db/read/incident";
import { sentNotices } from "@/db/notices";
import { waitingLink } from "@/lookup/proof/exchange";
import { runLookup } from "@/lookup/run";
import { appOpenidSettings } from "@/lookup/proof/openid";
import { sentLookupSession } from "@/lookup/proof/cookies";
import { lookupView } from "@/view/lookup";
import { LINK_REFUSED } from "@/view/lookup-messages";
import { lookupAction, sendLinkAction } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache((slug: string) => {
  const stored = readIncident(getDb(), slug);
  return stored ? lookupView(stored) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = load((await params).slug);
  return { title: view ? `Was my account affected? ${view.title}` : "Not found", robots: { index: false } };
}

/** Where the edge sent the browser back from a link or a sign-in that proved nothing, and why. */
const notices = z.object({
  link: z.enum(["invalid", "expired", "other-incident", "gone"]).optional().catch(undefined),
  signin: z.enum(["failed", "no-account"]).optional().catch(undefined),
});
const NOTICE = {
  ...LINK_REFUSED,
  gone: "The link you opened is no longer waiting here, so nothing was changed. Open it again from your notice if you meant to.",
  failed: "The sign-in did not complete, so nothing is shown. Try again.",
  "no-account": "You signed in, but your provider did not say which account is yours, so nothing is shown. Ask your provider, or use the link in its notice.",
} as const;


export default async function LookupPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const view = load(slug);
  if (!view) notFound();
  const advice = view.advice.map((r, i) => ({ id: i, body: <Prose text={r.text} /> }));
  const asked = notices.parse(await searchParams);
  const notice = asked.link ?? asked.signin;
  const requestHeaders = await headers();
  // Only a lookup session shows an account here; without one the page asks nothing of the gate.
  const session = view.list === "list" && sentLookupSession(requestHeaders) !== undefined ? runLookup(slug, {}, requestHeaders) : null;
  const waiting = view.list === "list" ? waitingLink(slug, requestHeaders) : null;
  const shown = session?.kind === "answer" && session.answer.proof.kind === "account" ? session.answer.proof.accountEnding : null;
  const openid = appOpenidSettings();
  // One read of the environment for the page (each read parses all of it).
  const { LOOKUP_OIDC_NAME: provider, LOOKUP_SESSION_MINUTES: sessionMinutes } = readEnv();
  return (
    <div>
      <p className="text-sm">
        <Link href={`/incidents/${slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← {view.title}
        </Link>
      </p>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        Was my account affected?
        {view.sample && <SampleBadge />}
      </h1>
      {notice && (
        <p role="alert" className={`${NOTICE_BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
          {NOTICE[notice]}
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
            signIn={openid ? `/incidents/${slug}/lookup/signin` : null}
            form={view.words.requests && <LookupForm action={lookupAction.bind(null, slug)} advice={advice} words={view.words} requests={view.words.requests} />}
            resend={sentNotices(getDb(), slug) && <SendLinkForm action={sendLinkAction.bind(null, slug)} />}
          />
        </>
      )}
    </div>
  );
}
