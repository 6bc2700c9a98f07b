import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LinkPage } from "@/components/subscribe/link-page";
import { appLookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { answerPageWith } from "@/http/form-action";
import { localized } from "@/i18n/locales";
import { subscriptionOf } from "@/notify/manage";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subscribe.unsubscribe"))("title"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** An unsubscribe link opened: a GET never unsubscribes (mail scanners open links); the button posts as RFC 8058's one click does. */
export default async function UnsubscribePage({ searchParams }: Props) {
  const [t, locale] = [await getTranslations("subscribe"), await getLocale()];
  const token = (await searchParams).token;
  const s = typeof token === "string" ? await subscriptionOf(getStore(), appLookupSecret(), token) : null;
  if (!s) {
    answerPageWith(400);
    return <LinkPage title={t("confirm.brokenTitle")}>{<p>{t("unsubscribe.broken")}</p>}</LinkPage>;
  }
  const scope = s.title === null ? t("scopeAll") : t("scopeOne", { title: s.title });
  if (s.state === "ended" || s.state === "disabled") {
    return <LinkPage title={t("unsubscribe.doneTitle")}>{<p>{t("unsubscribe.done", { scope })}</p>}</LinkPage>;
  }
  return (
    <LinkPage
      title={t("unsubscribe.title")}
      button={{ label: t("unsubscribe.button"), action: localized(locale, `/subscriptions/unsubscribe?token=${encodeURIComponent(String(token))}`), fields: { "List-Unsubscribe": "One-Click" } }}
    >
      <p>{t("unsubscribe.ask", { scope, channel: s.channel, to: s.to ?? t("toGone") })}</p>
    </LinkPage>
  );
}
