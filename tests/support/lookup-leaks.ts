import { CATALOGUES, type Messages, flatMessages } from "@/i18n/catalogue";

// The English a Russian page or message of the lookup's areas must not hold: each sentence-sized
// piece of literal text in those areas' English catalogue (ICU arguments, plurals and tags cut out),
// less the pieces Russian keeps as they are (names of standards, of settings).

const leaves = (tree: unknown): string[] => [...flatMessages(tree).values()];
const pieces = (message: string) => message.split(/[{}<>#]|'\{'|'\}'/).map((s) => s.replace(/^[\s,.:;(]+|[\s,.:;)]+$/g, ""));

export function englishPhrases(areas: ReadonlyArray<keyof Messages>, least = 14): string[] {
  const russian = areas.flatMap((a) => leaves(CATALOGUES.ru[a])).join("\n");
  const english = areas.flatMap((a) => leaves(CATALOGUES.en[a])).flatMap(pieces);
  return [...new Set(english)].filter((p) => p.length >= least && p.includes(" ") && !russian.includes(p));
}

/** The English phrases of these areas that a text holds; none, for a page or a message wholly in Russian. */
export const englishIn = (text: string, areas: ReadonlyArray<keyof Messages>) => englishPhrases(areas).filter((p) => text.includes(p));
