/** The way to the lookup, at the top of the page and in its affected section. */
export function LookupButton({ slug }: { slug: string }) {
  return (
    <a href={`/incidents/${slug}/lookup`} className="button">
      Was my account affected? Check it
    </a>
  );
}

/**
 * The page's way to the lookup, when there is a list to check an account against, and to the
 * postmortem as files anyone can publish (they hold counts only).
 */
export function PageActions({ slug, lookup }: { slug: string; lookup: boolean }) {
  const base = `/incidents/${slug}`;
  return (
    <div className="actions no-print">
      {lookup && <LookupButton slug={slug} />}
      <p>
        <strong>Download the postmortem:</strong>{" "}
        <a href={`${base}/export.html`} download={`${slug}.html`}>
          standalone HTML
        </a>
        {" · "}
        <a href={`${base}/postmortem.md`} download={`${slug}.md`}>
          Markdown
        </a>
        {" · "}
        <a href={`${base}/incident.json`} download={`${slug}.json`}>
          JSON
        </a>{" "}
        (<a href={`${base}/incident.schema.json`}>schema</a>)
        {" · "}
        <a href="/feed.xml">Atom feed</a>
      </p>
    </div>
  );
}
