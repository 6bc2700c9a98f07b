import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take minutes (command-line processes, large imports, many pages in a browser),
 * longest first, as a fresh clone last measured them. Vitest runs its projects one after another and
 * a fresh clone has no timings, so the longest unit files came last and ran alone at the end.
 */
const LONGEST = [
  "db/affected/import-cli.test.ts",
  "tests/i18n-public.test.ts",
  "tests/auth.test.ts",
  "tests/i18n-pages.test.ts",
  "tests/i18n-lookup.test.ts",
  "tests/author-run.test.ts",
  "db/affected/import.test.ts",
  "notify/notices-cli.test.ts",
  "scripts/account-commands.test.ts",
];

/** Vitest's order (its timings, when it has them), with the longest files begun first, whatever their project. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at === -1 ? LONGEST.length : at;
    };
    const ordered = await super.sort(files);
    return ordered.map((spec, at) => ({ spec, at })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at).map(({ spec }) => spec);
  }
}
