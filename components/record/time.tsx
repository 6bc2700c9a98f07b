import { useLocale, useTranslations } from "next-intl";
import type { PreciseTime } from "@/lib/precise-time";
import { formatPreciseTime, formatPreciseTimeShort, toDateTimeAttr } from "@/lib/precise-time";

/** A date or time as precise as the record gives it, in UTC, with a machine-readable datetime. */
export function TimeTag({ time, short = false }: { time: PreciseTime; short?: boolean }) {
  const locale = useLocale();
  const t = useTranslations("record.timeline");
  const attr = toDateTimeAttr(time);
  const label = (short ? formatPreciseTimeShort : formatPreciseTime)(time, { locale, noDate: t(short ? "noDateShort" : "noDate") });
  return attr === null ? <>{label}</> : <time dateTime={attr}>{label}</time>;
}
