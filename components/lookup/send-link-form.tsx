"use client";

import { useActionState, useId } from "react";
import { useTranslations } from "next-intl";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { SendLinkState } from "./send-link-state";

type Props = { action: (previous: SendLinkState, form: FormData) => Promise<SendLinkState> };

function Answer({ state }: { state: SendLinkState }) {
  const t = useTranslations("lookup.sendLink");
  if (state.status === "asked") return <p>{t("asked")}</p>;
  if (state.status === "limited") return <p>{t("limited", { minutes: Math.ceil(state.retryAfterSeconds / 60) })}</p>;
  if (state.status === "not-found") return <p>{t("notFound")}</p>;
  return null;
}

/** "Send me my link": a real form post, so it works without JavaScript, and it answers the same for every address. */
export function SendLinkForm({ action }: Props) {
  const t = useTranslations("lookup.sendLink");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const id = useId();
  const problem = state.status === "invalid" ? state.message : null;
  const typed = state.status === "invalid" || state.status === "limited" ? state.typed : "";
  return (
    <form action={formAction} className="mt-4 space-y-3">
      <div>
        <label htmlFor={`${id}-email`} className="font-semibold">
          {t("label")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
          {t("hint")}
        </p>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={typed}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
          className={INPUT}
        />
        {problem && (
          <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("sending") : t("send")}
      </button>
      <div role="status" aria-live="polite">
        <Answer state={state} />
      </div>
    </form>
  );
}
