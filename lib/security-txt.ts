/** What security.txt says (RFC 9116): who to tell of a vulnerability, until when that holds, and where the file lives. */
export type SecurityTxt = { contacts: readonly string[]; expires: Date; canonical: string | null; languages: readonly string[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** An Expires a little under half a year ahead, at a day's start (RFC 9116 §2.5.5 asks for under a year), so it reads the same all day. */
export function defaultExpiry(now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS + 180 * DAY_MS);
}

/** The file's text: one field a line, Contact first (§2.5.3), Expires as an RFC 3339 instant (§2.5.5). */
export function securityTxt({ contacts, expires, canonical, languages }: SecurityTxt): string {
  const lines = [
    ...contacts.map((c) => `Contact: ${c}`),
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    ...(canonical ? [`Canonical: ${canonical}`] : []),
    ...(languages.length ? [`Preferred-Languages: ${languages.join(", ")}`] : []),
  ];
  return `${lines.join("\n")}\n`;
}
