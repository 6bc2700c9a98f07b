"use client";

import { useActionState } from "react";
import type { SignInState } from "./signin-state";

type Props = {
  action: (previous: SignInState, form: FormData) => Promise<SignInState>;
  next: string;
};

const FIELD =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** A real form post: it signs in with and without JavaScript. */
export function SignInForm({ action, next }: Props) {
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
          Email
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
          className={FIELD}
        />
      </div>
      <div>
        <label htmlFor="password" className="font-semibold">
          Password
        </label>
        <input id="password" name="password" type="password" required autoComplete="current-password" maxLength={1024} className={FIELD} />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
