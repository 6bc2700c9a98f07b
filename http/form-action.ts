import "server-only";
import { z } from "zod";
import { noteRequest } from "./edge/request-store";
import { BY_PATH } from "@/domain/input";
import type { Said } from "@/domain/said";
import { issueSaid, refusal } from "@/domain/validation";

// Server actions and pages talk to the edge's writer (http/edge/writer.ts) through the request's
// note: a form's answer is a page, rendered by Next with status 200, so the edge applies the status
// the action asks for.

/** The status the form's answer goes out with, e.g. 429 with Retry-After for a throttled sign-in. */
export function answerFormWith(code: number, extra: Record<string, string> = {}): void {
  noteRequest({ actionStarted: true, status: { code, headers: extra } });
}

/** The status a page's answer goes out with when what its address asks for cannot be shown (a 400 for a bad filter). */
export function answerPageWith(code: number): void {
  noteRequest({ status: { code, headers: {} } });
}

const present = (kind: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? "is missing" : `must be ${kind}`) });
/** A form field as the browser sends a text input, a select, a textarea or a hidden input. */
export const textField = z.string(present("text"));
/** A checkbox: sent as "on" when ticked, not sent at all when not. */
export const checkboxField = z.literal("on", present('"on"')).optional();
/** A file input: always a file, an empty one when none was chosen. */
export const fileField = z.instanceof(File, present("a file"));

/** A field's text, once formWith has checked it is there. */
export const sentText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A FormData carrying these fields (its first value of each name), whatever else it carries. */
export function formWith(fields: Record<string, z.ZodType>) {
  const shape = z.looseObject(fields);
  return z.instanceof(FormData, present("the form's data")).superRefine((form, ctx) => {
    const values = Object.fromEntries([...form.keys()].map((name) => [name, form.get(name)]));
    // Kept as a sentence (domain/validation.ts): the edge says it in the page's language.
    for (const issue of shape.safeParse(values).error?.issues ?? []) ctx.addIssue({ code: "custom", path: issue.path, ...refusal(issueSaid(issue, values, BY_PATH)) });
  });
}

/** Why a server action's arguments were refused, as the edge's 400 says it: where, and the sentence of what. */
function refusedWith(error: z.ZodError | undefined, sent: unknown): Said {
  const issue = error?.issues[0];
  const [first, ...rest] = issue?.path ?? [];
  const where: Said = typeof first === "number" ? { key: "problems.edge.argument", values: { number: [first + 1, ...rest.map(String)].join(", ") } } : { key: "problems.edge.theArguments" };
  const why: Said = issue ? issueSaid(issue, sent, { name: (path) => path.slice(1).map(String).join(".") || null }) : { key: "problems.edge.notReadable" };
  return { key: "problems.edge.formRefused", values: { where, why } };
}

/**
 * Every server action's way in. Its arguments come from the browser like any other input (bound
 * ones, the previous state, the FormData), so `args` checks them all before anything runs; what
 * does not fit is answered 400 problem+json by the edge, and `refused` is returned in place of a run.
 */
export function serverAction<Args extends unknown[], R>(args: z.ZodType<Args>, run: (...checked: NoInfer<Args>) => Promise<R>, refused: NoInfer<R>): (...sent: Args) => Promise<R> {
  return async (...sent: unknown[]) => {
    let checked: z.ZodSafeParseResult<Args> | undefined;
    try {
      checked = args.safeParse(sent);
    } catch {
      // A value that throws when read (a temporary client reference) is refused like any other.
    }
    if (!checked?.success) {
      noteRequest({ refused: refusedWith(checked?.error, sent) });
      return refused;
    }
    // From here on a failure is the server's (500), not a tampered form's (400).
    noteRequest({ actionStarted: true });
    return run(...checked.data);
  };
}
