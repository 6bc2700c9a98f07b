import type { Metadata } from "next";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { signOutAction } from "./actions";
import { requireUser } from "@/http/auth";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signOut");
  return { title: t("title"), robots: { index: false } };
}

/** Visiting signs no one out; the button posts. */
export default async function SignOutPage() {
  const user = await requireUser({ next: "/signout" });
  const t = await getTranslations("auth.signOut");
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-slate-800 dark:text-slate-200">{t("signedInAs", { email: user.email })}</p>
      <SignOutButton action={signOutAction} className="mt-6" />
    </div>
  );
}
