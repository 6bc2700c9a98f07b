/**
 * A refusal reads the same for every email, known or not; the email typed comes back to the one who
 * typed it, so a mistyped password does not cost the address too. The password never comes back.
 */
export type SignInState = { status: "idle" } | { status: "refused"; message: string; email?: string };
