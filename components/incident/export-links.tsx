const LINK = "text-blue-700 underline dark:text-blue-300";

/** The postmortem as files anyone can publish: they hold counts only, never an account or request. */
export function ExportLinks({ slug }: { slug: string }) {
  const base = `/incidents/${slug}`;
  return (
    <p className="text-sm">
      <span className="font-semibold">Download the postmortem:</span>{" "}
      <a href={`${base}/export.html`} download={`${slug}.html`} className={LINK}>
        standalone HTML
      </a>
      {" · "}
      <a href={`${base}/postmortem.md`} download={`${slug}.md`} className={LINK}>
        Markdown
      </a>
      {" · "}
      <a href={`${base}/incident.json`} download={`${slug}.json`} className={LINK}>
        JSON
      </a>{" "}
      (<a href={`${base}/incident.schema.json`} className={LINK}>schema</a>)
      {" · "}
      <a href="/feed.xml" className={LINK}>
        Atom feed
      </a>
    </p>
  );
}
