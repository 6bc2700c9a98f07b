/** An address's last part made from a title: "Object storage outage (EU)" → "object-storage-outage-eu"; at most 60 characters, cut between words. */
export function slugOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 60) break;
    slug = next;
  }
  return slug || (words[0] ?? "").slice(0, 60);
}
