import { BUTTON, QUIET_BUTTON } from "@/components/ui/styles";

/**
 * A link opened from another site while a lookup session was open: it waits for the visitor's word
 * here, since another site may have sent them to someone else's link. `open` is the ending of the
 * account shown now, or null when that session has ended meanwhile.
 */
export function LinkWaiting({ slug, link, open }: { slug: string; link: string; open: string | null }) {
  return (
    <section aria-labelledby="link-waiting" className="mt-4 max-w-3xl rounded-lg border border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-amber-950/40">
      <h2 id="link-waiting" className="text-lg font-semibold">
        {open ? "This link is for another account" : "Open the account of this link?"}
      </h2>
      <p className="mt-2">
        The link you opened is for the account ending <strong className="whitespace-nowrap font-mono">…{link}</strong>
        {open ? (
          <>
            , not the account ending <strong className="whitespace-nowrap font-mono">…{open}</strong> that this lookup shows{open === link ? " (another account with the same last four characters)" : ""}. If
            someone else sent you to this link, it shows their account, not yours.
          </>
        ) : (
          "."
        )}
      </p>
      <form method="post" action={`/incidents/${slug}/lookup/link`} className="mt-3 flex flex-wrap gap-3">
        <button type="submit" name="choice" value="switch" className={BUTTON}>
          {open ? `Switch to account …${link}` : `Open account …${link}`}
        </button>
        <button type="submit" name="choice" value="keep" className={QUIET_BUTTON}>
          {open ? `Keep account …${open}` : "Do not open it"}
        </button>
      </form>
    </section>
  );
}
