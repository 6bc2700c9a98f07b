import { useTranslations } from "next-intl";

/** Citation marks that jump to the numbered source list; a word joiner keeps them on their word's line. */
export function Cite({ numbers }: { numbers: readonly number[] }) {
  const t = useTranslations("record.sources");
  if (numbers.length === 0) return null;
  return (
    <>
      {"\u2060"}
      <sup className="cite">
        {numbers.map((n) => (
          <a key={n} href={`#source-${n}`} aria-label={t("cite", { n })}>
            [{n}]
          </a>
        ))}
      </sup>
    </>
  );
}
