import type { Metadata } from "next";
import { LinkPage } from "@/components/subscribe/link-page";
import { appLookupSecret } from "@/config/secret";
import { getDb } from "@/db/client";
import { answerPageWith } from "@/http/form-action";
import { CONFIRM_REFUSED } from "@/http/edge/subscriptions";
import { confirmationOf } from "@/notify/manage";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A confirmation link opened: it asks once more, with a button, since mail scanners open links too; a GET confirms nothing. */
export default async function ConfirmPage({ searchParams }: Props) {
  const token = (await searchParams).token;
  const state = typeof token === "string" ? confirmationOf(getDb(), appLookupSecret(), token, new Date()) : ({ kind: "invalid" } as const);
  if (state.kind !== "ok") {
    answerPageWith(state.kind === "expired" ? 410 : 400);
    return (
      <LinkPage title={state.kind === "expired" ? "This link has expired" : "This link does not work"}>
        <p>{CONFIRM_REFUSED[state.kind]}</p>
        <p>
          <a href="/subscribe">Sign up again</a>
        </p>
      </LinkPage>
    );
  }
  const { subscription: s, nonceCurrent } = state;
  const what = `news of ${s.scope} by ${s.channel === "email" ? "email" : "webhook"} to ${s.to}`;
  if (s.state === "ended" || s.state === "disabled") return <LinkPage title="This subscription has ended">{<p>Nothing is sent for it any more. <a href="/subscribe">Sign up again</a> to start it anew.</p>}</LinkPage>;
  if (!nonceCurrent) {
    answerPageWith(400);
    return <LinkPage title="This link was replaced">{<p>{CONFIRM_REFUSED.stale}</p>}</LinkPage>;
  }
  if (s.state === "confirmed") return <LinkPage title="Subscription confirmed">{<p>You get {what}. Every message has a link to unsubscribe.</p>}</LinkPage>;
  return (
    <LinkPage title="Confirm your subscription" button={{ label: "Confirm the subscription", action: `/subscriptions/confirm?token=${encodeURIComponent(String(token))}` }}>
      <p>Someone, we hope you, asked for {what}. Nothing is sent until you confirm.</p>
    </LinkPage>
  );
}
