"use client";

import { type ReactNode, useActionState, useId } from "react";
import { useTranslations } from "next-intl";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { SubscribeState } from "./subscribe-state";

type Props = {
  action: (previous: SubscribeState, form: FormData) => Promise<SubscribeState>;
  /** The incident this form subscribes to (with "every incident" beside it on the sign-up page), or null: every incident. */
  incident: { slug: string; title: string } | null;
  /** Email only (the incident page's form), or email or webhook (the sign-up page's). */
  channels: "email" | "both";
};

const code = (chunks: ReactNode) => <code>{chunks}</code>;

function Answer({ state }: { state: SubscribeState }) {
  const t = useTranslations("subscribe.form");
  if (state.status === "asked" && state.channel === "email") return <p>{t("askedEmail", { hours: 48 })}</p>;
  if (state.status === "asked") {
    return (
      <div className="space-y-2">
        <p>{t.rich("askedWebhook", { code })}</p>
        <p className="font-semibold">{t("secretTitle")}</p>
        <p className="break-all rounded-md bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800">{state.secret}</p>
        <p className="text-sm">{t("secretHint")}</p>
      </div>
    );
  }
  if (state.status === "limited") return <p>{t("limited", { minutes: Math.ceil(state.retryAfterSeconds / 60) })}</p>;
  return null;
}

/** What the news is of: the page's incident, or every incident (the sign-up page offers both). */
function Scope({ incident, channels }: Pick<Props, "incident" | "channels">) {
  const t = useTranslations("subscribe.form");
  return (
    <>
        {channels === "email" && incident ? (
          <input type="hidden" name="incident" value={incident.slug} />
        ) : incident ? (
          <fieldset>
            <legend className="font-semibold">{t("newsOf")}</legend>
            <label className="mr-6 inline-flex items-center gap-2">
              <input type="radio" name="incident" value={incident.slug} defaultChecked /> {t("scopeOne", { title: incident.title })}
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="incident" value="" /> {t("scopeAll")}
            </label>
          </fieldset>
        ) : (
          <input type="hidden" name="incident" value="" />
        )}
    </>
  );
}

/** A reader's sign-up for news: a real form post, so it works without JavaScript, and says the same whatever the address. */
export function SubscribeForm({ action, incident, channels }: Props) {
  const t = useTranslations("subscribe.form");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const id = useId();
  const problem = state.status === "invalid" ? state.message : null;
  const typed = state.status === "invalid" || state.status === "limited" ? state.typed.address : "";
  return (
    <form action={formAction} className="space-y-3">
      <Scope incident={incident} channels={channels} />
      {channels === "both" ? (
        <fieldset>
          <legend className="font-semibold">{t("by")}</legend>
          <label className="mr-6 inline-flex items-center gap-2">
            <input type="radio" name="channel" value="email" defaultChecked /> {t("email")}
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="channel" value="webhook" /> {t("webhook")}
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="channel" value="email" />
      )}
      <div>
        <label htmlFor={`${id}-address`} className="font-semibold">
          {channels === "both" ? t("addressBoth") : t("addressEmail")}
        </label>
        <input
          id={`${id}-address`}
          name="address"
          required
          maxLength={2000}
          autoComplete={channels === "both" ? "off" : "email"}
          defaultValue={typed}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={INPUT}
        />
        {problem && (
          <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("sending") : t("subscribe")}
      </button>
      <div role="status" aria-live="polite">
        <Answer state={state} />
      </div>
    </form>
  );
}
