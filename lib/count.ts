// How counts read. English is written by hand, so every machine prints the same bytes (pages,
// exports, logs); another language goes through Intl in that language ("1 048 576").

const DEFAULT = "en";

/** 1234567 → "1,234,567"; with locale "ru", "1 234 567". */
export function formatCount(n: number, locale: string = DEFAULT): string {
  if (locale !== DEFAULT) return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(n);
  const [whole = "0", frac] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * "1 response", "155 responses", "2 days": English words, so English's rule picks the form; the
 * number is written in the page's language.
 */
export const plural = (n: number, one: string, many = `${one}s`, locale: string = DEFAULT) => `${formatCount(n, locale)} ${n === 1 ? one : many}`;
