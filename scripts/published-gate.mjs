// Pages under /incidents/<slug> exist only for published incidents. They are prerendered or
// rendered once and cached, so an incident published later must be renderable on demand; but for
// a slug it does not know, Next 16.4 answers that on-demand path 404 with an empty shell. So the
// server sends those to the real not-found page before Next routes them. Drafts never get past it.
import Database from "better-sqlite3";

const INCIDENT_PAGE = /^\/incidents\/([^/]+)(?:\/|$)/;

export function publishedGate(databasePath) {
  let statement;
  const published = (slug) => {
    try {
      statement ??= new Database(databasePath, { readonly: true, fileMustExist: true }).prepare(
        "SELECT 1 FROM incident WHERE slug = ? AND published = 1",
      );
      return statement.get(slug) !== undefined;
    } catch (error) {
      console.error(`published-gate: ${error.message}`);
      return false;
    }
  };
  /** True when the request is for an incident page that must be a 404. */
  return (url) => {
    const match = INCIDENT_PAGE.exec(new URL(url ?? "/", "http://x").pathname);
    if (!match) return false;
    let slug;
    try {
      slug = decodeURIComponent(match[1]);
    } catch {
      return true;
    }
    return !published(slug);
  };
}
