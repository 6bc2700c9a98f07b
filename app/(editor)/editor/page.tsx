import type { Metadata } from "next";
import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { signOutAction } from "../signout/actions";
import { IncidentForm } from "@/components/editor/incident-form";
import { requireUser } from "@/http/auth";
import { listAllIncidents } from "@/db/read/editor";
import { createIncidentAction } from "./actions";
import { minuteUtc } from "@/lib/instant";
import { getLocale, getTranslations } from "next-intl/server";
import { localized } from "@/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("title"), robots: { index: false } };
}

export default async function EditorHome() {
  const user = await requireUser({ next: "/editor" });
  const locale = await getLocale();
  const t = await getTranslations("editor");
  const incidents = await listAllIncidents();
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <div className="flex items-center gap-3 text-sm">
          {t("signedInAs", { email: user.email, role: t(`roles.${user.role}`) })} <SignOutButton action={signOutAction} />
        </div>
      </div>
      <section aria-labelledby="incidents-heading">
        <h2 id="incidents-heading" className="text-xl font-semibold">
          {t("home.incidents")}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {incidents.map((i) => (
            <li key={i.slug} className="flex flex-wrap items-center gap-3 py-2">
              <Link href={localized(locale, `/editor/incidents/${i.slug}`)} className="font-medium text-blue-700 underline dark:text-blue-300">
                {i.title}
              </Link>
              <span className="rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                {t(i.published ? "home.published" : "home.draft")}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {t("home.versionUpdated", { version: i.version, time: minuteUtc(i.updatedAt) })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="new-heading">
        <h2 id="new-heading" className="text-xl font-semibold">
          {t("home.new")}
        </h2>
        <div className="mt-4">
          <IncidentForm action={createIncidentAction} submitLabel={t("home.create")} />
        </div>
      </section>
    </div>
  );
}
