import Link from "next/link";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { z } from "zod";
import { Comparison } from "@/components/compare/comparison";
import { ComparedChoice } from "@/components/compare/compared-choice";
import { MAX_CHOSEN, NEWEST_PER_MEASURE, readCompared } from "@/db/read/compared";
import { getStore } from "@/db/app-store";
import { key } from "@/domain/record/common";
import { answerPageWith } from "@/http/form-action";
import { localized } from "@/i18n/locales";
import { COMPARED, comparisonView } from "@/view/comparison";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("public.compare");
  return { title: t("title") };
}

type Params = Record<string, string | string[] | undefined>;

/** `?incident=a&incident=b`: the incidents the reader chose, each once, at most MAX_CHOSEN; none is the newest few. */
const chosenQuery = z
  .union([key, z.array(key)])
  .optional()
  .transform((v) => (v === undefined ? null : [...new Set(typeof v === "string" ? [v] : v)]))
  .refine((v) => v === null || v.length <= MAX_CHOSEN);

export default async function ComparePage({ searchParams }: { searchParams: Promise<Params> }) {
  const t = await getTranslations("public.compare");
  const locale = await getLocale();
  const asked = chosenQuery.safeParse((await searchParams).incident);
  const chosen = asked.success ? asked.data : null;
  const compared = await readCompared(getStore(), COMPARED.map((m) => m.role), asked.success ? chosen : [], locale);
  const tooMany = !asked.success && asked.error.issues.some((i) => i.code === "custom");
  const problem = !asked.success ? (tooMany ? t("tooMany", { max: MAX_CHOSEN }) : t("badKey")) : compared.unknown.length ? t("unknown", { names: compared.unknown.join(", ") }) : null;
  if (problem) answerPageWith(400);
  const measures = comparisonView(
    compared.stored.map((s) => s.record),
    compared.charted,
    locale,
  );
  return (
    <div className="record">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      {problem ? (
        <div role="alert" className="rounded-md border border-red-600 p-4">
          <p>{t("bad", { problem })}</p>
          <p>
            <Link href={localized(locale, "/compare")}>{t("newest")}</Link>
            {t("orChoose")} <Link href={localized(locale, "/")}>{t("theList")}</Link>.
          </p>
        </div>
      ) : (
        <>
          <ComparedChoice chosen={chosen !== null} shown={compared.stored.map((s) => ({ slug: s.slug, title: s.record.incident.title }))} perMeasure={NEWEST_PER_MEASURE} max={MAX_CHOSEN} />
          <Comparison measures={measures} />
        </>
      )}
    </div>
  );
}
