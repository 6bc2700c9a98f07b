import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { AreaMessages } from "@/components/i18n/area-messages";
import { SubscribeForm } from "@/components/subscribe/subscribe-form";
import { getStore } from "@/db/app-store";
import { scopeOf } from "@/notify/subscribe";
import { key } from "@/domain/record/common";
import { subscribeAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subscribe.page"))("title") };
}

const asked = z.object({ incident: key.optional() });

export default async function SubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations("subscribe.page");
  const chosen = asked.safeParse(await searchParams).data?.incident;
  const incident = chosen ? ((await scopeOf(getStore().q, chosen)) ?? null) : null;
  return (
    <div className="record max-w-2xl">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <AreaMessages areas={["subscribe"]}>
        <SubscribeForm action={subscribeAction} incident={incident && { slug: incident.slug, title: incident.title }} channels="both" />
      </AreaMessages>
    </div>
  );
}
