import "server-only";
import type { NewsPayload, NoticePayload } from "@/domain/notify";
import { escapeHtml } from "@/lib/escape";
import { proseHtml } from "@/lib/markdown/html";
import { prosePlain } from "@/lib/markdown/plain";
import { formatPreciseTime } from "@/lib/precise-time";
import { UPDATE_STATUS_LABEL } from "@/view/updates";

/** An email as the transport sends it: its subject, its text and HTML parts, and headers of its own. */
export type Email = { subject: string; text: string; html: string; headers: Record<string, string> };

/** A paragraph of plain words and one link, in both parts: the links are the message's point, so each stands on its own line. */
type Part = { words: string } | { link: string; label: string } | { prose: string };

function email(subject: string, parts: Part[], headers: Record<string, string> = {}): Email {
  const text = parts.map((p) => ("words" in p ? p.words : "link" in p ? `${p.label}:\n${p.link}` : prosePlain(p.prose))).join("\n\n");
  const html = parts
    .map((p) => ("words" in p ? `<p>${escapeHtml(p.words)}</p>` : "link" in p ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>` : proseHtml(p.prose)))
    .join("\n");
  return { subject, text: `${text}\n`, html: `<!doctype html><html><body>\n${html}\n</body></html>\n`, headers };
}

const scopeWords = (incident: { title: string } | null) => (incident ? `“${incident.title}”` : "every incident on this site");

export function confirmEmail(p: { incident: { title: string } | null }, confirmUrl: string, hours: number): Email {
  return email(`Confirm your subscription to ${p.incident ? p.incident.title : "incident news"}`, [
    { words: `Someone, we hope you, asked to be told by email of updates to ${scopeWords(p.incident)}.` },
    { link: confirmUrl, label: "Confirm the subscription" },
    { words: `The link holds for ${hours} hours and asks once more before it confirms. If you did not ask, ignore this email: nothing is sent until you confirm.` },
  ]);
}

function newsLine(p: Omit<NewsPayload, "to">): string {
  if (p.type === "incident.published") return `The record of “${p.incident.title}” is published.`;
  if (p.type === "incident.status_changed" && p.change) return `“${p.incident.title}” is now ${p.change.to} (it was ${p.change.from}).`;
  return `“${p.incident.title}” has a new update.`;
}

/** News of an incident, with the one-click unsubscribe of RFC 8058 (List-Unsubscribe and List-Unsubscribe-Post). */
export function newsEmail(p: Omit<NewsPayload, "to">, pageUrl: string, unsubscribeUrl: string): Email {
  const update = p.update;
  const label = update ? UPDATE_STATUS_LABEL[update.status] : p.type === "incident.published" ? "Published" : (p.change?.to ?? p.incident.status);
  const parts: Part[] = [{ words: newsLine(p) }];
  if (update) parts.push({ words: `${UPDATE_STATUS_LABEL[update.status]}, ${formatPreciseTime({ at: update.at, precision: "minute" })}:` }, { prose: update.body });
  parts.push({ link: pageUrl, label: "Read the incident" }, { link: unsubscribeUrl, label: "Unsubscribe" });
  return email(`${p.incident.title}: ${label}`, parts, { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
}

/** To the contact of an affected account: that it is affected, and its own link; no row of the list. */
export function noticeEmail(p: NoticePayload, link: string): Email {
  const expires = formatPreciseTime({ at: new Date(p.expiresAt * 1000).toISOString().slice(0, 10), precision: "day" });
  const again = p.type === "notice.link";
  return email(again ? `Your link for “${p.incident.title}”` : `Your account was affected by “${p.incident.title}”`, [
    {
      words: again
        ? `You asked for your link again. It shows the record of your account ending in ${p.accountEnding} in “${p.incident.title}”.`
        : `Your account ending in ${p.accountEnding} is in the list of accounts affected by “${p.incident.title}”.`,
    },
    { link, label: "See what happened to your account and what to do" },
    { words: `The link is for this account alone and holds until ${expires}. Do not forward it: whoever opens it sees your account's record in this incident.` },
  ]);
}
