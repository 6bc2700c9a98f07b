import type { PageLinks as Links } from "@/view/dashboard";

/** Plain links to the pages beside this one (rel prev/next), so a list pages without script and each page has its own address. */
export function PageLinks({ links, newerText, olderText, firstText }: { links: Links; newerText: string; olderText: string; firstText: string }) {
  if (!links.newer && !links.older && !links.newest) return null;
  return (
    <nav aria-label={links.label} className="my-6 flex flex-wrap gap-x-6 gap-y-2">
      {links.newest && <a href={links.newest}>{firstText}</a>}
      {links.newer && (
        <a href={links.newer} rel="prev">
          ← {newerText}
        </a>
      )}
      {links.older && (
        <a href={links.older} rel="next">
          {olderText} →
        </a>
      )}
    </nav>
  );
}
