import type { Metadata } from "next";
import { z } from "zod";
import { SubscribeForm } from "@/components/subscribe/subscribe-form";
import { getDb } from "@/db/client";
import { scopeOf } from "@/notify/subscribe";
import { key } from "@/domain/record/common";
import { subscribeAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Subscribe to incident news" };

const asked = z.object({ incident: key.optional() });

export default async function SubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const chosen = asked.safeParse(await searchParams).data?.incident;
  const incident = chosen ? (scopeOf(getDb(), chosen) ?? null) : null;
  return (
    <div className="record max-w-2xl">
      <h1>Subscribe to incident news</h1>
      <p>
        Get each update posted while an incident is open, each change of its status, and its postmortem when it is published: by email, or as a
        signed webhook to an endpoint of yours. No account is needed. Every email has a link that unsubscribes at once; a webhook that answers
        410 is unsubscribed.
      </p>
      <SubscribeForm action={subscribeAction} incident={incident && { slug: incident.slug, title: incident.title }} channels="both" />
    </div>
  );
}
