import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { LinkWaiting } from "@/components/lookup/link-waiting";
import { LookupForm } from "@/components/lookup/lookup-form";
import { LookupSessionView } from "@/components/lookup/lookup-session";
import { Prose } from "@/components/record/prose";
import { SampleBadge } from "@/components/record/section";
import { getDb } from "@/db/client";
import { readEnv } from "@/config/env";
import { readIncident } from "@/db/read/incident";
import { waitingLink } from "@/lookup/proof/exchange";
import { runLookup } from "@/lookup/run";
import { appOpenidSettings } from "@/lookup/proof/openid";
import { sentLookupSession } from "@/lookup/proof/cookies";
import { formatCount } from "@/view/format";
import { lookupView } from "@/view/lookup";
import { lookupAction } from "./actions";

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
  invalid: "That lookup link is not valid: it was changed, cut short, or revoked. Open it again from the notice, or ask your provider for a new one.",
  expired: "That lookup link has expired. Ask your provider for a new one, or check with request ids from your logs below.",
  "other-incident": "That lookup link was made for another incident. Open it from the notice it came in.",
  gone: "The link you opened is no longer waiting here, so nothing was changed. Open it again from your notice if you meant to.",
  failed: "The sign-in did not complete, so nothing is shown. Try again.",
  "no-account": "You signed in, but your provider did not say which account is yours, so nothing is shown. Ask your provider, or use the link in its notice.",
} as const;

const BOX = "mt-4 max-w-3xl rounded-lg border p-4";
const WAY = "rounded-lg border border-slate-300 p-5 dark:border-slate-700";

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
        <p role="alert" className={`${BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
          {NOTICE[notice]}
        </p>
      )}
      {waiting && <LinkWaiting slug={slug} link={waiting.ending} open={shown} />}
      {view.list !== "list" ? (
        <div role="status" className={`${BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
          <h2 className="text-xl font-semibold">
            {view.list === "none" ? "No affected list has been published for this incident" : "The affected list is not in this record"}
          </h2>
          <p className="mt-2">
            {view.list === "none"
              ? "Until it is, no account can be checked here, and nothing here says whether yours was affected."
              : `This record carries only the counts of its affected list (${formatCount(view.total)} responses), not the list itself, so no account can be checked here.`}{" "}
            Ask {view.provider} whether your account was among those affected.
          </p>
        </div>
      ) : session?.kind === "answer" ? (
        <div className="mt-6">
          <LookupSessionView slug={slug} answer={session.answer} advice={advice} provider={provider} />
        </div>
      ) : (
        <>
          {session?.kind === "limited" && (
            <p role="alert" className={`${BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
              Too many lookups: try again in {session.decision.retryAfterSeconds} seconds.
            </p>
          )}
          {session?.kind === "proof-required" && (
            <p role="status" className={`${BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
              Your lookup session has ended. Open the link from your notice again, or use one of the ways below.
            </p>
          )}
          <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
            Check whether your {view.provider} account was among the {formatCount(view.total)} affected responses of this incident. An account id is
            no secret, so it shows nothing on its own: this page shows an account&apos;s record only to someone who proves it is theirs, in one of
            these ways.
          </p>
          {(view.sample || view.note) && (
            <p className={`${BOX} border-amber-500 bg-amber-50 text-sm dark:border-amber-400 dark:bg-amber-950/40`}>
              {view.sample && <strong>Sample data. </strong>}
              {view.note && <Prose text={view.note} inline />}
            </p>
          )}
          <div className="mt-8 grid max-w-5xl gap-6 md:grid-cols-2">
            <section aria-labelledby="way-link" className={WAY}>
              <h2 id="way-link" className="text-lg font-semibold">
                With the link in your notice
              </h2>
              <p className="mt-2">
                If {view.provider}&apos;s notice to you holds a personal lookup link, open it: it shows your whole account here for{" "}
                {sessionMinutes} minutes, and the link itself leaves the address bar at once.
              </p>
            </section>
            {openid && (
              <section aria-labelledby="way-openid" className={WAY}>
                <h2 id="way-openid" className="text-lg font-semibold">
                  By signing in with {provider}
                </h2>
                <p className="mt-2">Sign in with the account you use at {provider}; it tells us which account is yours.</p>
                <a
                  href={`/incidents/${slug}/lookup/signin`}
                  className="mt-3 inline-block rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
                >
                  Sign in with {provider}
                </a>
              </section>
            )}
          </div>
          <section aria-labelledby="way-requests" className="mt-8">
            <h2 id="way-requests" className="text-lg font-semibold">
              With request ids from your logs
            </h2>
            <div className="mt-4">
              <LookupForm action={lookupAction.bind(null, slug)} advice={advice} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
