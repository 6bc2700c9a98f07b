"use client";

import { useActionState, useId } from "react";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { SubscribeState } from "./subscribe-state";

type Props = {
  action: (previous: SubscribeState, form: FormData) => Promise<SubscribeState>;
  /** The incident this form subscribes to (with "every incident" beside it on the sign-up page), or null: every incident. */
  incident: { slug: string; title: string } | null;
  /** Email only (the incident page's form), or email or webhook (the sign-up page's). */
  channels: "email" | "both";
};

function Answer({ state }: { state: SubscribeState }) {
  if (state.status === "asked" && state.channel === "email") {
    return <p>Check your inbox. If that address can take mail, a link to confirm is on its way; nothing is sent to it until you confirm. The link holds for 48 hours.</p>;
  }
  if (state.status === "asked") {
    return (
      <div className="space-y-2">
        <p>
          A confirmation event is on its way to your endpoint, signed with the secret below. Open the <code>confirm_url</code> it carries to start
          receiving news; until then nothing else is sent.
        </p>
        <p className="font-semibold">Your signing secret, shown this once:</p>
        <p className="break-all rounded-md bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800">{state.secret}</p>
        <p className="text-sm">Check each message&apos;s webhook-signature with it, as the Standard Webhooks libraries do. Keep it somewhere safe: it is not shown again.</p>
      </div>
    );
  }
  if (state.status === "limited") return <p>Too many sign-ups from here or for that address. Try again in {Math.ceil(state.retryAfterSeconds / 60)} minutes.</p>;
  return null;
}

/** What the news is of: the page's incident, or every incident (the sign-up page offers both). */
function Scope({ incident, channels }: Pick<Props, "incident" | "channels">) {
  return (
    <>
        {channels === "email" && incident ? (
          <input type="hidden" name="incident" value={incident.slug} />
        ) : incident ? (
          <fieldset>
            <legend className="font-semibold">News of</legend>
            <label className="mr-6 inline-flex items-center gap-2">
              <input type="radio" name="incident" value={incident.slug} defaultChecked /> “{incident.title}”
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="incident" value="" /> every incident on this site
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
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const id = useId();
  const problem = state.status === "invalid" ? state.message : null;
  const typed = state.status === "invalid" || state.status === "limited" ? state.typed.address : "";
  return (
    <form action={formAction} className="space-y-3">
      <Scope incident={incident} channels={channels} />
      {channels === "both" ? (
        <fieldset>
          <legend className="font-semibold">By</legend>
          <label className="mr-6 inline-flex items-center gap-2">
            <input type="radio" name="channel" value="email" defaultChecked /> email
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="channel" value="webhook" /> webhook (Standard Webhooks)
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="channel" value="email" />
      )}
      <div>
        <label htmlFor={`${id}-address`} className="font-semibold">
          {channels === "both" ? "Email address, or your endpoint's https:// address" : "Email address"}
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
        {pending ? "Sending…" : "Subscribe"}
      </button>
      <div role="status" aria-live="polite">
        <Answer state={state} />
      </div>
    </form>
  );
}
