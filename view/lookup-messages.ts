// What the lookup says when it cannot check an account, as the page and the API both say it. Plain
// strings only: the lookup's client components import them, and nothing else comes along.

/** Why a lookup link proved nothing, as the API's problem and the page's notice both say it. */
export const LINK_REFUSED = {
  invalid: "This lookup link is not valid: it was changed, cut short, or revoked. Copy the whole link from the notice, or ask your provider for a new one.",
  expired: "This lookup link has expired. Ask your provider for a new one, or check with request ids from your own logs.",
  "other-incident": "This lookup link was made for another incident. Open it from the notice it came in, which names its incident.",
} as const;

/** Why no account can be checked: said so, never "not affected" for want of a list. */
export const NO_LIST = {
  none: "No affected list has been published for this incident, so no account can be checked against it yet, and nothing here says whether yours was affected.",
  "counts-only": "This record carries only the counts of its affected list, not the list itself, so no account can be checked against it.",
} as const;
