// Who asks, and what they may do. Every verb that writes is given an Actor and checks it itself.

export const USER_ROLES = ["editor", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export type Actor =
  | { kind: "user"; id: number; email: string; role: UserRole }
  | { kind: "token"; id: number; name: string; scope: TokenScope }
  /** Someone at the server's shell (a command such as import:affected) or the seed loader. */
  | { kind: "system"; name: string }
  | { kind: "anonymous" };

export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return `user:${actor.email}`;
    case "token":
      return `token:${actor.name}`;
    case "system":
      return `system:${actor.name}`;
    case "anonymous":
      return "anonymous";
  }
}

export function canWrite(actor: Actor): boolean {
  return actor.kind === "user" || actor.kind === "system" || (actor.kind === "token" && actor.scope === "write");
}
