"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { SignInState } from "./signin-state";

type Props = {
  action: (previous: SignInState, form: FormData) => Promise<SignInState>;
  next: string;
};

/** A real form post: it signs in with and without JavaScript. */
export function SignInForm({ action, next }: Props) {
  const t = useTranslations("auth.signIn");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const refused = state.status === "refused";
  return (
    <form action={formAction} className="max-w-sm space-y-5">
      {refused && (
        <p id="signin-error" role="alert" className="rounded-md border border-red-600 bg-red-50 p-3 font-medium text-red-800 dark:border-red-400 dark:bg-red-950/40 dark:text-red-200">
          {state.message}
        </p>
      )}
      <input type="hidden" name="next" value={next} />
      <div>
        <label htmlFor="email" className="font-semibold">
          {t("email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={254}
          defaultValue={refused ? state.email : undefined}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor="password" className="font-semibold">
          {t("password")}
        </label>
        <input id="password" name="password" type="password" required autoComplete="current-password" maxLength={1024} className={INPUT} />
      </div>
      <button
        type="submit"
        disabled={pending}
        className={BUTTON}
      >
        {pending ? t("pending") : t("submit")}
      </button>
    </form>
  );
}
