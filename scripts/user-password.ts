import { z } from "zod";
import { emailSchema, findUserByEmail, InvalidUserError, noSuchUser, resetPassword } from "@/db/users";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/password";
import { openExistingStore, runCommand, UsageError } from "./command";
import { operator } from "./operator";
import { readPassword } from "./read-password";

// Exit codes: 0 the password was set; 1 no user with that email, or an unexpected failure (nothing was
// changed); 2 the command, the password or the setup is wrong (flags, a short password, no database).
const USAGE = `usage: npm run user:password -- --email <email>

Sets a new password for that editor or admin and ends every one of their sessions; the audit trail
records who reset it. The password is asked for twice on a terminal (not shown), or read from the
first line of stdin when it is piped:  printf '%s\\n' "$PASSWORD" | npm run user:password -- ...
Passwords are ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

runCommand({
  command: "user-password",
  usage: USAGE,
  flags: z.object({ email: emailSchema }),
  async run({ email }) {
    const { store } = await openExistingStore("user");
    try {
      // Asked only of someone who has an account, so no one types a password for nothing.
      if (!(await store.read((tx) => findUserByEmail(tx, email)))) throw noSuchUser(email);
      const password = await readPassword("user-password", `New password for ${email}`);
      const { sessionsEnded } = await resetPassword(store, operator("user-password"), { email, password });
      console.log(`password of ${email} reset; ${sessionsEnded === 1 ? "1 session" : `${sessionsEnded} sessions`} ended`);
      return 0;
    } catch (error) {
      throw error instanceof InvalidUserError ? new UsageError(error.message) : error;
    } finally {
      await store.close();
    }
  },
});
