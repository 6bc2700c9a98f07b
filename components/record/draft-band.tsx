/** Above a draft's page, which only signed-in editors can open: readers, exports and the feed get nothing yet. */
export function DraftBand({ slug }: { slug: string }) {
  return (
    <div role="note" aria-label="Draft" className="no-print mb-6 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <strong className="font-semibold">Draft, not published.</strong> Readers see nothing at this address yet; its downloads, its lookup, its changes and the feed
      answer 404 until it is published. Only signed-in editors see this preview.{" "}
      <a href={`/editor/incidents/${slug}`} className="font-semibold underline">
        Back to the editor
      </a>
      {" · "}
      <a href={`/editor/incidents/${slug}/publish`} className="font-semibold underline">
        Check and publish
      </a>
    </div>
  );
}
