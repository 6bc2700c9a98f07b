import Link from "next/link";
import type { EditorAction } from "./item-form";
import { PublishForm } from "./small-forms";

type Props = { slug: string; title: string; published: boolean; version: number; publish: EditorAction };

const LINK = "text-blue-700 underline dark:text-blue-300";

/** The incident being edited: its title, whether readers see it, its version, and the way to publish or unpublish it. */
export function EditorHeader({ slug, title, published, version, publish }: Props) {
  return (
    <div>
      <p className="text-sm">
        <Link href="/editor" className={LINK}>
          ← All incidents
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {published ? "Published" : "Draft: invisible to readers, the lookup, exports and the feed"} · version {version} ·{" "}
        <Link href={`/editor/incidents/${slug}/history`} className={LINK}>
          history
        </Link>
        {published && (
          <>
            {" · "}
            <Link href={`/incidents/${slug}`} className={LINK}>
              public page
            </Link>
          </>
        )}
      </p>
      <div className="mt-4">
        <PublishForm action={publish} version={version} published={published} />
      </div>
    </div>
  );
}
