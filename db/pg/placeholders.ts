/**
 * SQLite's `?` placeholders (drizzle's SQLite dialect writes them) numbered as PostgreSQL's `$1…`,
 * outside quoted text, quoted names and comments, where a `?` is only a character.
 */
export function numbered(sql: string): string {
  let n = 0;
  let out = "";
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    const quote = c === "'" || c === '"' ? c : null;
    if (quote) {
      const end = closing(sql, i + 1, quote);
      out += sql.slice(i, end);
      i = end - 1;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else out += c === "?" ? `$${++n}` : c;
  }
  return out;
}

/** Where a quoted run that opened before `from` ends: past its closing quote; a doubled quote is one quote inside it. */
function closing(sql: string, from: number, quote: string): number {
  for (let i = from; i < sql.length; i++) {
    if (sql[i] !== quote) continue;
    if (sql[i + 1] === quote) i++;
    else return i + 1;
  }
  return sql.length;
}
