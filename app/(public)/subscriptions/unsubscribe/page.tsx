import type { Metadata } from "next";
import { LinkPage } from "@/components/subscribe/link-page";
import { appLookupSecret } from "@/config/secret";
import { getDb } from "@/db/client";
import { answerPageWith } from "@/http/form-action";
import { subscriptionOf } from "@/notify/manage";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** An unsubscribe link opened: a GET never unsubscribes (mail scanners open links); the button posts as RFC 8058's one click does. */
export default async function UnsubscribePage({ searchParams }: Props) {
  const token = (await searchParams).token;
  const s = typeof token === "string" ? subscriptionOf(getDb(), appLookupSecret(), token) : null;
  if (!s) {
    answerPageWith(400);
    return <LinkPage title="This link does not work">{<p>This unsubscribe link is not one of this site&apos;s, or it was cut short. Use the whole link from the email.</p>}</LinkPage>;
  }
  if (s.state === "ended" || s.state === "disabled") {
    return <LinkPage title="You are unsubscribed">{<p>Nothing more is sent for this subscription to news of {s.scope}.</p>}</LinkPage>;
  }
  return (
    <LinkPage
      title="Unsubscribe"
      button={{ label: "Unsubscribe", action: `/subscriptions/unsubscribe?token=${encodeURIComponent(String(token))}`, fields: { "List-Unsubscribe": "One-Click" } }}
    >
      <p>
        Stop news of {s.scope} by {s.channel} to {s.to}?
      </p>
    </LinkPage>
  );
}
