// How counts read, the same on the page, in every export and in a log (no Intl, so every machine
// prints the same bytes).

/** 1234567 → "1,234,567". */
export function formatCount(n: number): string {
  const [whole = "0", frac] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** "1 response", "155 responses", "2 days". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
