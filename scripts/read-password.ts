import readline from "node:readline/promises";
import { Writable } from "node:stream";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "@/lib/password";
import { UsageError } from "./command";

/** Asks on the terminal with echo off: the prompt goes to stderr, the keystrokes nowhere. */
async function promptHidden(command: string, question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stderr.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  rl.on("SIGINT", () => {
    process.stderr.write(`\n${command}: interrupted; nothing was changed\n`);
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

/**
 * A password from the first line of stdin when it is piped, else asked twice on the terminal (not
 * shown). `command` names the command in the interrupt message; `question` is the first prompt.
 */
export async function readPassword(command: string, question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await firstLineOfStdin();
    if (line === null) throw new UsageError("no password: stdin was empty (pipe it in as the first line, or run on a terminal)");
    return line;
  }
  const first = await promptHidden(command, `${question} (${PASSWORD_MIN_LENGTH}+ characters, not shown): `);
  const problem = passwordProblem(first);
  if (problem) throw new UsageError(problem);
  const second = await promptHidden(command, "The same password again: ");
  if (first !== second) throw new UsageError("the two passwords differ");
  return first;
}
