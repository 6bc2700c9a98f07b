import { z } from "zod";
import { createUser, EmailTakenError, emailSchema, findUserByEmail, InvalidUserError, roleSchema } from "@/db/users";
import { USER_ROLES } from "@/domain/access";
import type { Store } from "@/db/store/store";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/password";
import { openExistingStore, runCommand, UsageError } from "./command";
import { readPassword } from "./read-password";

// Exit codes: 0 created, 1 unexpected failure (nothing was created), 2 the command, its input or
// the setup is wrong (flags, email, role, password, an email already taken, no database).
const USAGE = `usage: npm run user:add -- --email <email> --role <${USER_ROLES.join("|")}>

Adds an editor or admin. The password is asked for twice on a terminal (not shown), or read from
the first line of stdin when it is piped:  printf '%s\\n' "$PASSWORD" | npm run user:add -- ...
Passwords are ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. There is no default account.`;

/** The shell command that deletes the account, in the database's own client ("user" is a reserved word in PostgreSQL). */
function deleteCommand(store: Store, shown: string, email: string): string {
  const where = `email = '${email.replaceAll("'", "''")}'`;
  return store.engine === "sqlite" ? `sqlite3 ${shown} "DELETE FROM user WHERE ${where}"` : `psql '${shown}' -c 'DELETE FROM "user" WHERE ${where.replaceAll("'", "'\\''")}'`;
}

runCommand({
  command: "user-add",
  usage: USAGE,
  flags: z.object({ email: emailSchema, role: roleSchema }),
  async run(args) {
    const { store, shown } = await openExistingStore("user");
    try {
      if (await store.read((tx) => findUserByEmail(tx, args.email))) throw new EmailTakenError(args.email);
      const password = await readPassword("user-add", `Password for ${args.email}`);
      const created = await createUser(store, { email: args.email, password, role: args.role });
      console.log(`created ${created.role} ${created.email}`);
      return 0;
    } catch (error) {
      if (error instanceof EmailTakenError) {
        console.error(
          `user-add: there is already a user with the email ${error.email}; nothing was changed.\n` +
            `Choose another email; for a new password, run  npm run user:password -- --email ${error.email}\n` +
            "and for another role delete the account first, which also ends its sessions:\n" +
            `  ${deleteCommand(store, shown, error.email)}  and run user:add again.`,
        );
        return 2;
      }
      if (error instanceof InvalidUserError) throw new UsageError(error.message);
      throw error;
    } finally {
      await store.close();
    }
  },
});
