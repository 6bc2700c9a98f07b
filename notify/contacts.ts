import "server-only";
import { type AffectedShape, accountIdOf } from "@/domain/record/affected-shape";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { describeForm } from "@/domain/record/affected-shape";
import { emailAddress } from "./addresses";

/** The one header a contacts file has. */
export const CONTACTS_HEADER = "account_id,email";

/** One contact, its line in the file (from 1), its account id as the list keeps it and its address trimmed and lower-cased. */
export type Contact = { line: number; accountId: string; email: string };
/** A line that is not a contact, and why; never with the line's own text, which holds an id and an address. */
export type BadLine = { line: number; message: string };

// A field may come quoted, as spreadsheets write it; neither an id's form nor an address takes a quote or a comma.
const unquoted = (raw: string) => {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
};

/**
 * Each line of a contacts file (CSV, `account_id,email`), checked: the header first, then on each
 * line an account id in the incident's own form and an email address. Blank lines are passed over.
 */
export function* contactLines(text: string, account: AffectedShape["account"], say: Locale = DEFAULT_LOCALE): Generator<Contact | BadLine> {
  const t = translator(say);
  const accountId = accountIdOf(account);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== "");
  if (headerAt === -1) {
    yield { line: 1, message: t("notices.lines.empty", { header: CONTACTS_HEADER }) };
    return;
  }
  const header = (lines[headerAt] ?? "").split(",").map(unquoted).join(",").toLowerCase();
  if (header !== CONTACTS_HEADER) yield { line: headerAt + 1, message: t("notices.lines.header", { header: CONTACTS_HEADER }) };
  for (let i = headerAt + 1; i < lines.length; i++) {
    const text = lines[i] ?? "";
    if (text.trim() === "") continue;
    const fields = text.split(",").map(unquoted);
    if (fields.length !== 2) {
      yield { line: i + 1, message: t("notices.lines.fields", { header: CONTACTS_HEADER }) };
      continue;
    }
    const id = accountId.safeParse(fields[0]);
    const email = emailAddress.safeParse(fields[1]);
    if (!id.success) yield { line: i + 1, message: t("notices.lines.account", { form: describeForm(account.form, say) }) };
    else if (!email.success) yield { line: i + 1, message: t("notices.lines.email") };
    else yield { line: i + 1, accountId: id.data, email: email.data };
  }
}

/** "lines 3, 7 and 9", at most `most` of them named, in the language asked for. */
export function namedLines(lines: readonly number[], total: number, most = 20, say: Locale = DEFAULT_LOCALE): string {
  const t = translator(say);
  const shown = lines.slice(0, most);
  const more = total - shown.length;
  const list =
    shown.length === 1
      ? t("notices.lines.one", { line: String(shown[0]) })
      : more > 0
        ? t("notices.lines.list", { lines: shown.join(", ") })
        : t("notices.lines.listAnd", { lines: shown.slice(0, -1).join(", "), last: String(shown.at(-1)) });
  return more > 0 ? t("notices.lines.more", { list, more: String(more) }) : list;
}

