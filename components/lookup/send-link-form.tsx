"use client";

import { useActionState, useId } from "react";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { SendLinkState } from "./send-link-state";

type Props = { action: (previous: SendLinkState, form: FormData) => Promise<SendLinkState> };

function Answer({ state }: { state: SendLinkState }) {
  if (state.status === "asked") {
    return <p>If that address is the contact of an account this incident affected, its link is on its way there. Nothing is sent to any other address.</p>;
  }
  if (state.status === "limited") return <p>Too many asks from here or for that address. Try again in {Math.ceil(state.retryAfterSeconds / 60)} minutes.</p>;
  if (state.status === "not-found") return <p>This incident has no published list, so there is no link to send.</p>;
  return null;
}

/** "Send me my link": a real form post, so it works without JavaScript, and it answers the same for every address. */
export function SendLinkForm({ action }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const id = useId();
  const problem = state.status === "invalid" ? state.message : null;
  const typed = state.status === "invalid" || state.status === "limited" ? state.typed : "";
  return (
    <form action={formAction} className="mt-4 space-y-3">
      <div>
        <label htmlFor={`${id}-email`} className="font-semibold">
          Lost the notice? Your contact email address
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
          The address the notice went to. Its link is sent there again, never anywhere else.
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
        {pending ? "Sending…" : "Send me my link"}
      </button>
      <div role="status" aria-live="polite">
        <Answer state={state} />
      </div>
    </form>
  );
}
