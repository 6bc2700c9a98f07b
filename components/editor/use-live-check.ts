"use client";

import { type FormEvent, useState } from "react";
import type { z } from "zod";
import type { Said } from "@/domain/said";
import { type Naming, issueSaid } from "@/domain/validation";
import { useWords } from "./use-words";

/**
 * Checks the whole form with the server's own zod schema as the editor types, and shows the
 * problems of the fields already touched, in the page's language (domain/validation.ts). The
 * server checks again on submit.
 */
export function useLiveCheck<S extends z.ZodType>(
  schema: S,
  fromForm: (form: FormData) => unknown,
  naming: Naming,
  before: (form: FormData) => Array<{ field: string; said: Said }> = () => [],
) {
  const { said } = useWords();
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const nextTouched = new Set(touched).add(target.name);
    setTouched(nextTouched);
    const form = new FormData(event.currentTarget);
    const input = fromForm(form);
    const parsed = schema.safeParse(input);
    // What the form itself could not read says so in its own words, ahead of the schema.
    const found: Record<string, string> = Object.fromEntries(before(form).map((p) => [p.field, said(p.said)]));
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "")] ??= said(issueSaid(issue, input, naming));
    setProblems(found);
  };
  const problem = (name: string) => (touched.has(name) ? problems[name] : undefined);
  return { onInput, problem };
}
