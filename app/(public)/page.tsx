import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { DashboardFilters } from "@/components/dashboard/filters";
import { DashboardResults } from "@/components/dashboard/results";
import { type QueryParams, parseDashboardAddress, readDashboard } from "@/db/read/dashboard";
import { readShown } from "@/db/read/shown";
import { getStore } from "@/db/app-store";
import { answerPageWith } from "@/http/form-action";
import { localized } from "@/i18n/locales";
import { cardsOf } from "@/view/card";
import { dashboardView } from "@/view/dashboard";

export const dynamic = "force-dynamic";

export async function generateMetadata({ searchParams }: { searchParams: Promise<QueryParams> }): Promise<Metadata> {
  const t = await getTranslations("public.dashboard");
  const asked = parseDashboardAddress(await searchParams);
  return { title: asked.success && asked.data.q ? t("searchTitle", { q: asked.data.q }) : t("title") };
}

const PARTS = ["q", "provider", "kind", "year", "status", "after", "before", "from"] as const;
type Part = (typeof PARTS)[number];
const isPart = (name: string): name is Part => (PARTS as readonly string[]).includes(name);

/** What is wrong with each part of the address, in the page's language: one line per part. */
async function addressProblems(issues: readonly z.core.$ZodIssue[], params: QueryParams): Promise<Array<{ part: string; problem: string }>> {
  const t = await getTranslations("public.dashboard");
  const lines = issues.map((issue) => {
    const part = String(issue.path[0] ?? "");
    const twice = Array.isArray(params[part]);
    return { part: part || t("theAddress"), problem: twice ? t("twice") : t("badPart", { part: isPart(part) ? part : "other" }) };
  });
  return lines.filter((l, i) => lines.findIndex((m) => m.part === l.part) === i);
}

export default async function HomePage({ searchParams }: { searchParams: Promise<QueryParams> }) {
  const params = await searchParams;
  const asked = parseDashboardAddress(params);
  // The page still explains itself, but a shared address that asks for the impossible is a 400, not a 200.
  if (!asked.success) answerPageWith(400);
  const locale = await getLocale();
  const t = await getTranslations("public.dashboard");
  // The page's rows and their records in one snapshot.
  const { board, shown } = await getStore().read(async (tx) => {
    const read = await readDashboard(tx, asked.success ? asked.data : {}, locale);
    return { board: read, shown: asked.success ? await readShown(tx, read.page.rows, locale) : [] };
  });
  const view = asked.success ? dashboardView(board, asked.data, cardsOf(shown, locale), locale) : null;
  return (
    <div className="record">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <p>
        <Link href={localized(locale, "/compare")}>{t("compareLink")}</Link>
      </p>
      <DashboardFilters facets={board.facets} asked={asked.success ? asked.data : {}} />
      {!asked.success ? (
        <div role="alert" className="rounded-md border border-red-600 p-4">
          <p>{t("badAddress")}</p>
          <ul>
            {(await addressProblems(asked.error.issues, params)).map((e) => (
              <li key={e.part}>
                {e.part}: {e.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        view && <DashboardResults view={view} />
      )}
    </div>
  );
}
