import fs from "node:fs";
import readline from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { openDatabase } from "@/db/client";
import { databasePath, readEnv } from "@/db/env";
import { createUser, EmailTakenError, emailSchema, findUserByEmail, InvalidUserError, roleSchema } from "@/db/users";
import { USER_ROLES } from "@/domain/access";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "@/lib/password";

// Exit codes: 0 created, 1 unexpected failure (nothing was created), 2 the command, its input or
// the setup is wrong (flags, email, role, password, an email already taken, no database).
const USAGE = `usage: npm run user:add -- --email <email> --role <${USER_ROLES.join("|")}>

Adds an editor or admin. The password is asked for twice on a terminal (not shown), or read from
the first line of stdin when it is piped:  printf '%s\\n' "$PASSWORD" | npm run user:add -- ...
Passwords are ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. There is no default account.`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { email: string; role: string } | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(String((error as Error).message).split(". ")[0] ?? "bad arguments");
  }
  if (values.help) return "help";
  if (!values.email) throw new UsageError("--email <email> is required");
  if (!values.role) throw new UsageError(`--role <${USER_ROLES.join("|")}> is required`);
  const email = emailSchema.safeParse(values.email);
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message ?? "not an email address"}`);
  const role = roleSchema.safeParse(values.role);
  if (!role.success) throw new UsageError(`--role: ${role.error.issues[0]?.message ?? "not a role"}`);
  return { email: email.data, role: role.data };
}

/** Asks on the terminal with echo off: the prompt goes to stderr, the keystrokes nowhere. */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stderr.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  rl.on("SIGINT", () => {
    process.stderr.write("\nuser-add: interrupted; nothing was changed\n");
    process.exit(130);
  });
  try {
    process.stderr.write(question);
    muted = true;
    return await rl.question("");
  } finally {
    muted = false;
    process.stderr.write("\n");
    rl.close();
  }
}

/** The first line of piped stdin, without its line ending; at most 64 KiB is read. */
async function firstLineOfStdin(): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(0x0a) || size > 64 * 1024) break;
  }
  if (size === 0) return null;
  return Buffer.concat(chunks).toString("utf8").split("\n")[0]!.replace(/\r$/, "");
}

async function readPassword(email: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await firstLineOfStdin();
    if (line === null) throw new UsageError("no password: stdin was empty (pipe it in as the first line, or run on a terminal)");
    return line;
  }
  const first = await promptHidden(`Password for ${email} (${PASSWORD_MIN_LENGTH}+ characters, not shown): `);
  const problem = passwordProblem(first);
  if (problem) throw new UsageError(problem);
  const second = await promptHidden("The same password again: ");
  if (first !== second) throw new UsageError("the two passwords differ");
  return first;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`user-add: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }

  const dbFile = databasePath(readEnv());
  if (!fs.existsSync(dbFile)) {
    console.error(`user-add: no database at ${dbFile}: run \`npm run db:migrate\` (or \`npm start\`) first`);
    return 2;
  }
  const db = openDatabase(dbFile);
  try {
    const hasUsers = db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'user'").get();
    if (!hasUsers) {
      console.error(`user-add: ${dbFile} has no user table yet: run \`npm run db:migrate\` first`);
      return 2;
    }
    if (findUserByEmail(db, args.email)) throw new EmailTakenError(args.email);
    const password = await readPassword(args.email);
    const created = await createUser(db, { email: args.email, password, role: args.role });
    console.log(`created ${created.role} ${created.email}`);
    return 0;
  } catch (error) {
    if (error instanceof EmailTakenError) {
      console.error(
        `user-add: there is already a user with the email ${error.email}; nothing was changed.\n` +
          "Choose another email, or, to replace that account (new password or role), delete it first, which also\n" +
          `ends its sessions:  sqlite3 ${dbFile} "DELETE FROM user WHERE email = '${error.email.replaceAll("'", "''")}'"  and run user:add again.`,
      );
      return 2;
    }
    if (error instanceof UsageError || error instanceof InvalidUserError) {
      console.error(`user-add: ${error.message}; nothing was changed`);
      return 2;
    }
    throw error;
  } finally {
    db.$client.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only the message: nothing in an error here holds the password.
    console.error(`user-add: ${error instanceof Error ? error.message : String(error)}\nNothing was changed.`);
    process.exitCode = 1;
  },
);
