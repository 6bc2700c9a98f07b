import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/signin-form";
import { DEFAULT_AFTER_SIGNIN, currentUser, safeNextPath } from "@/http/auth";
import { signInAction } from "./actions";
import { getLocale, getTranslations } from "next-intl/server";
import { localized } from "@/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title"), robots: { index: false } };
}

type Props = { searchParams: Promise<{ next?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  const locale = await getLocale();
  const t = await getTranslations("auth.signIn");
  const next = safeNextPath((await searchParams).next, localized(locale, DEFAULT_AFTER_SIGNIN));
  if (await currentUser()) redirect(next);
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 max-w-xl text-slate-800 dark:text-slate-200">
        {t.rich("lead", { command: (chunks) => <code className="font-mono text-sm">{chunks}</code> })}
      </p>
      <div className="mt-8">
        <SignInForm action={signInAction} next={next} />
      </div>
    </div>
  );
}
