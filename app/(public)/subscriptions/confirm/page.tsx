import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { LinkPage } from "@/components/subscribe/link-page";
import { appLookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { answerPageWith } from "@/http/form-action";
import { localized } from "@/i18n/locales";
import { confirmationOf } from "@/notify/manage";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subscribe.confirm"))("title"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A confirmation link opened: it asks once more, with a button, since mail scanners open links too; a GET confirms nothing. */
export default async function ConfirmPage({ searchParams }: Props) {
  const [t, locale] = [await getTranslations("subscribe"), await getLocale()];
  const again = (chunks: ReactNode) => <a href={localized(locale, "/subscribe")}>{chunks}</a>;
  const token = (await searchParams).token;
  const state = typeof token === "string" ? await confirmationOf(getStore(), appLookupSecret(), token, new Date()) : ({ kind: "invalid" } as const);
  if (state.kind !== "ok") {
    answerPageWith(state.kind === "expired" ? 410 : 400);
    return (
      <LinkPage title={state.kind === "expired" ? t("confirm.expiredTitle") : t("confirm.brokenTitle")}>
        <p>{t(`refused.${state.kind}`)}</p>
        <p>{again(t("confirm.again"))}</p>
      </LinkPage>
    );
  }
  const { subscription: s, nonceCurrent } = state;
  const scope = s.title === null ? t("scopeAll") : t("scopeOne", { title: s.title });
  const what = t("what", { scope, channel: s.channel, to: s.to ?? t("toGone") });
  if (s.state === "ended" || s.state === "disabled") return <LinkPage title={t("confirm.endedTitle")}>{<p>{t.rich("confirm.ended", { again })}</p>}</LinkPage>;
  if (!nonceCurrent) {
    answerPageWith(400);
    return <LinkPage title={t("confirm.replacedTitle")}>{<p>{t("refused.stale")}</p>}</LinkPage>;
  }
  if (s.state === "confirmed") return <LinkPage title={t("confirm.confirmedTitle")}>{<p>{t("confirm.confirmed", { what })}</p>}</LinkPage>;
  return (
    <LinkPage title={t("confirm.title")} button={{ label: t("confirm.button"), action: localized(locale, `/subscriptions/confirm?token=${encodeURIComponent(String(token))}`) }}>
      <p>{t("confirm.ask", { what })}</p>
    </LinkPage>
  );
}
