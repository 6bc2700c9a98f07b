/** Nothing the visitor typed comes back: a refusal reads the same for every email. */
export type SignInState = { status: "idle" } | { status: "refused"; message: string };
