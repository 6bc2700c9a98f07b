import "server-only";
import type { NewsPayload, NoticePayload } from "@/domain/notify";
import type { Locale } from "@/i18n/locales";
import { type Translator, translator } from "@/i18n/translate";
import { escapeHtml } from "@/lib/escape";
import { proseHtml } from "@/lib/markdown/html";
import { prosePlain } from "@/lib/markdown/plain";
import { formatPreciseTime } from "@/lib/precise-time";

/** An email as the transport sends it: its subject, its text and HTML parts, and headers of its own. */
export type Email = { subject: string; text: string; html: string; headers: Record<string, string> };

/** A paragraph of plain words and one link, in both parts: the links are the message's point, so each stands on its own line. */
type Part = { words: string } | { link: string; label: string } | { prose: string };

function email(locale: Locale, subject: string, parts: Part[], headers: Record<string, string> = {}): Email {
  const text = parts.map((p) => ("words" in p ? p.words : "link" in p ? `${p.label}:\n${p.link}` : prosePlain(p.prose))).join("\n\n");
  const html = parts
    .map((p) => ("words" in p ? `<p>${escapeHtml(p.words)}</p>` : "link" in p ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>` : proseHtml(p.prose)))
    .join("\n");
  return { subject, text: `${text}\n`, html: `<!doctype html><html lang="${locale}"><body>\n${html}\n</body></html>\n`, headers: { "Content-Language": locale, ...headers } };
}

/** A day or an instant in UTC as the message's language writes it; English keeps the site's own form ("27 Aug 2026", "9 Sep 2026, 14:00 UTC"). */
function when(locale: Locale, at: string, precision: "day" | "minute"): string {
  if (locale === "en") return formatPreciseTime({ at, precision });
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const day = new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "long" }).format(date);
  return precision === "day" ? day : `${day}, ${at.slice(11, 16)} UTC`;
}

export function confirmEmail(p: { incident: { title: string } | null }, confirmUrl: string, hours: number, locale: Locale = "en"): Email {
  const t = translator(locale);
  const scope = p.incident ? t("mail.confirm.scopeOne", { title: p.incident.title }) : t("mail.confirm.scopeAll");
  return email(locale, p.incident ? t("mail.confirm.subjectOne", { title: p.incident.title }) : t("mail.confirm.subjectAll"), [
    { words: t("mail.confirm.asked", { scope }) },
    { link: confirmUrl, label: t("mail.confirm.button") },
    { words: t("mail.confirm.holds", { hours }) },
  ]);
}

function newsLine(t: Translator, p: Omit<NewsPayload, "to">): string {
  const title = p.incident.title;
  if (p.type === "incident.published") return t("mail.news.published", { title });
  if (p.type === "incident.status_changed" && p.change) return t("mail.news.statusChanged", { title, to: t(`mail.incidentStatus.${p.change.to}`), from: t(`mail.incidentStatus.${p.change.from}`) });
  return t("mail.news.updated", { title });
}

/** News of an incident, with the one-click unsubscribe of RFC 8058 (List-Unsubscribe and List-Unsubscribe-Post). */
export function newsEmail(p: Omit<NewsPayload, "to">, pageUrl: string, unsubscribeUrl: string, locale: Locale = "en"): Email {
  const t = translator(locale);
  const update = p.update;
  const label = update ? t(`mail.updateStatus.${update.status}`) : p.type === "incident.published" ? t("mail.news.publishedLabel") : t(`mail.incidentStatus.${p.change?.to ?? p.incident.status}`);
  const parts: Part[] = [{ words: newsLine(t, p) }];
  if (update) parts.push({ words: t("mail.news.updateAt", { label: t(`mail.updateStatus.${update.status}`), when: when(locale, update.at, "minute") }) }, { prose: update.body });
  parts.push({ link: pageUrl, label: t("mail.news.read") }, { link: unsubscribeUrl, label: t("mail.news.unsubscribe") });
  return email(locale, t("mail.news.subject", { title: p.incident.title, label }), parts, { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
}

/** To the contact of an affected account: that it is affected, and its own link; no row of the list. In the notice's own language. */
export function noticeEmail(p: NoticePayload, link: string): Email {
  const t = translator(p.locale);
  const expires = when(p.locale, new Date(p.expiresAt * 1000).toISOString().slice(0, 10), "day");
  const again = p.type === "notice.link";
  const facts = { title: p.incident.title, ending: p.accountEnding };
  return email(p.locale, t(again ? "mail.notice.subjectLink" : "mail.notice.subjectAffected", facts), [
    { words: t(again ? "mail.notice.again" : "mail.notice.affected", facts) },
    { link, label: t("mail.notice.link") },
    { words: t("mail.notice.holds", { expires }) },
  ]);
}
