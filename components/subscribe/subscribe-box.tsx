import type { ReactNode } from "react";

/** The incident page's way to its news: the email form, and the sign-up page for a webhook or every incident. Not in the export. */
export function SubscribeBox({ slug, form }: { slug: string; form: ReactNode }) {
  return (
    <div role="region" aria-labelledby="subscribe-title" className="no-print mt-6 max-w-xl rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="subscribe-title" className="mb-2 text-lg font-semibold">
        Get this incident&apos;s updates by email
      </h2>
      {form}
      <p className="small">
        <a href={`/subscribe?incident=${encodeURIComponent(slug)}`}>By webhook, or for every incident</a>
      </p>
    </div>
  );
}
