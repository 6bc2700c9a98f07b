import type { TokenScope, UserRole } from "./constants";

/** Who asks. Every verb that writes is given one and checks it itself. */
export type Actor =
  | { kind: "user"; id: number; email: string; role: UserRole }
  | { kind: "token"; id: number; name: string; scope: TokenScope }
  | { kind: "anonymous" };

export const ANONYMOUS: Actor = { kind: "anonymous" };

export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return `user:${actor.email}`;
    case "token":
      return `token:${actor.name}`;
    case "anonymous":
      return "anonymous";
  }
}

export function canRead(actor: Actor): boolean {
  return actor.kind !== "anonymous";
}

export function canWrite(actor: Actor): boolean {
  return actor.kind === "user" || (actor.kind === "token" && actor.scope === "write");
}
