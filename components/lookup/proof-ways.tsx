import type { ReactNode } from "react";
import { Prose } from "@/components/record/prose";
import { BUTTON } from "@/components/ui/styles";
import { formatCount } from "@/lib/count";
import type { LookupView } from "@/view/lookup";
import { NO_LIST } from "@/view/lookup-messages";

export const NOTICE_BOX = "mt-4 max-w-3xl rounded-lg border p-4";
const WAY = "rounded-lg border border-slate-300 p-5 dark:border-slate-700";

/** Why no account can be checked for this incident, and whom to ask instead. */
export function NoListNotice({ view }: { view: LookupView & { list: "none" | "counts-only" } }) {
  return (
    <div role="status" className={`${NOTICE_BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
      <h2 className="text-xl font-semibold">No account can be checked here</h2>
      <p className="mt-2">
        {NO_LIST[view.list]}
        {view.list === "counts-only" && ` It counts ${formatCount(view.total)} affected ${view.words.unitMany}.`} Ask {view.provider} whether your account was among those
        affected.
      </p>
    </div>
  );
}

/** What became of the lookup session this browser sent: too many lookups for now, or it has ended. */
export function SessionNotice({ retryAfterSeconds }: { retryAfterSeconds: number | null }) {
  if (retryAfterSeconds !== null) {
    return (
      <p role="alert" className={`${NOTICE_BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
        Too many lookups: try again in {retryAfterSeconds} seconds.
      </p>
    );
  }
  return (
    <p role="status" className={`${NOTICE_BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
      Your lookup session has ended. Open the link from your notice again, or use one of the ways below.
    </p>
  );
}

/** `resend`: the "send me my link" form. */
type Ways = { view: LookupView; provider: string; sessionMinutes: number; signIn: string | null; form: ReactNode; resend: ReactNode };

/** The ways to prove an account is yours: the link in the notice, a sign-in where set up, request ids (the form). */
export function ProofWays({ view, provider, sessionMinutes, signIn, form, resend }: Ways) {
  return (
    <>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
        Check whether your {view.provider} account was among the {formatCount(view.total)} affected {view.words.unitMany} of this incident. An account id is no
        secret, so it shows nothing on its own: this page shows an account&apos;s record only to someone who proves it is theirs, in one of these ways.
      </p>
      {(view.sample || view.note) && (
        <p className={`${NOTICE_BOX} border-amber-500 bg-amber-50 text-sm dark:border-amber-400 dark:bg-amber-950/40`}>
          {view.sample && <strong>Sample data. </strong>}
          {view.note && <Prose text={view.note} inline />}
        </p>
      )}
      <div className="mt-8 grid max-w-5xl gap-6 md:grid-cols-2">
        <section aria-labelledby="way-link" className={WAY}>
          <h2 id="way-link" className="text-lg font-semibold">
            With the link in your notice
          </h2>
          <p className="mt-2">
            If {view.provider}&apos;s notice to you holds a personal lookup link, open it: it shows your whole account here for {sessionMinutes} minutes,
            and the link itself leaves the address bar at once.
          </p>
          {resend}
        </section>
        {signIn && (
          <section aria-labelledby="way-openid" className={WAY}>
            <h2 id="way-openid" className="text-lg font-semibold">
              By signing in with {provider}
            </h2>
            <p className="mt-2">Sign in with the account you use at {provider}; it tells us which account is yours.</p>
            <a href={signIn} className={`mt-3 ${BUTTON}`}>
              Sign in with {provider}
            </a>
          </section>
        )}
      </div>
      <section aria-labelledby="way-requests" className="mt-8">
        <h2 id="way-requests" className="text-lg font-semibold">
          With {view.words.requests ? view.words.requests.label.toLowerCase() : "request ids"} from your logs
        </h2>
        {view.words.requests ? (
          <div className="mt-4">{form}</div>
        ) : (
          <p className="mt-2">This incident&apos;s list carries no request ids, so they cannot show an account: use the link in your notice{signIn ? " or sign in" : ""}.</p>
        )}
      </section>
    </>
  );
}
