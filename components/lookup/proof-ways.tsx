import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { UntranslatedText } from "@/components/record/record-text";
import { BUTTON } from "@/components/ui/styles";
import type { LookupView } from "@/view/lookup";

export const NOTICE_BOX = "mt-4 max-w-3xl rounded-lg border p-4";
const WAY = "rounded-lg border border-slate-300 p-5 dark:border-slate-700";

/** Why no account can be checked for this incident, and whom to ask instead. */
export function NoListNotice({ view }: { view: LookupView & { list: "none" | "counts-only" } }) {
  const t = useTranslations("lookup");
  const said = [t(`noList.${view.list}`), ...(view.list === "counts-only" ? [t("noListNotice.counts", { total: view.total, unitMany: view.words.unitMany })] : []), t("noListNotice.ask", { provider: view.provider })];
  return (
    <div role="status" className={`${NOTICE_BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
      <h2 className="text-xl font-semibold">{t("noListNotice.title")}</h2>
      <p className="mt-2">{said.join(" ")}</p>
    </div>
  );
}

/** What became of the lookup session this browser sent: too many lookups for now, or it has ended. */
export function SessionNotice({ retryAfterSeconds }: { retryAfterSeconds: number | null }) {
  const t = useTranslations("lookup.session");
  if (retryAfterSeconds !== null) {
    return (
      <p role="alert" className={`${NOTICE_BOX} border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
        {t("limited", { seconds: retryAfterSeconds })}
      </p>
    );
  }
  return (
    <p role="status" className={`${NOTICE_BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
      {t("ended")}
    </p>
  );
}

/** `resend`: the "send me my link" form. */
type Ways = { view: LookupView; provider: string; sessionMinutes: number; signIn: string | null; form: ReactNode; resend: ReactNode };

/** The ways to prove an account is yours: the link in the notice, a sign-in where set up, request ids (the form). */
export function ProofWays({ view, provider, sessionMinutes, signIn, form, resend }: Ways) {
  const t = useTranslations("lookup.ways");
  const locale = useLocale();
  return (
    <>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">{t("intro", { provider: view.provider, total: view.total, unitMany: view.words.unitMany })}</p>
      {(view.sample || view.note) && (
        <p className={`${NOTICE_BOX} border-amber-500 bg-amber-50 text-sm dark:border-amber-400 dark:bg-amber-950/40`}>
          {view.sample && <strong>{t("sample")} </strong>}
          {view.note && <UntranslatedText text={view.note} lang={view.noteLang} page={locale} />}
        </p>
      )}
      <div className="mt-8 grid max-w-5xl gap-6 md:grid-cols-2">
        <section aria-labelledby="way-link" className={WAY}>
          <h2 id="way-link" className="text-lg font-semibold">
            {t("linkTitle")}
          </h2>
          <p className="mt-2">{t("linkBody", { provider: view.provider, minutes: sessionMinutes })}</p>
          {resend}
        </section>
        {signIn && (
          <section aria-labelledby="way-openid" className={WAY}>
            <h2 id="way-openid" className="text-lg font-semibold">
              {t("openidTitle", { provider })}
            </h2>
            <p className="mt-2">{t("openidBody", { provider })}</p>
            <a href={signIn} className={`mt-3 ${BUTTON}`}>
              {t("openidButton", { provider })}
            </a>
          </section>
        )}
      </div>
      <section aria-labelledby="way-requests" className="mt-8">
        <h2 id="way-requests" className="text-lg font-semibold">
          {t("requestsTitle", { requests: view.words.requests ? view.words.requests.label.toLowerCase() : t("requestIds") })}
        </h2>
        {view.words.requests ? <div className="mt-4">{form}</div> : <p className="mt-2">{t("noRequestIds", { signIn: signIn ? "yes" : "no" })}</p>}
      </section>
    </>
  );
}
