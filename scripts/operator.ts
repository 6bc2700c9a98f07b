import os from "node:os";
import type { Actor } from "@/domain/access";

/** Whoever runs a command at the server's shell, as the audit trail names them: "system:import-affected by alice". */
export function operator(command: string): Actor {
  let user = "unknown";
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the command alone still says where the change came from.
  }
  return { kind: "system", name: `${command} by ${user}` };
}
