import { useLocale, useMessages } from "next-intl";
import { useMemo } from "react";
import { type Said, type Translate, say, translateIn } from "@/domain/said";

/** A translator of any key the page's client messages hold (a field's words, a validation sentence), and `said` for sentences. */
export function useWords(): { t: Translate; said: (s: Said) => string } {
  const locale = useLocale();
  const messages = useMessages();
  return useMemo(() => {
    const t = translateIn(locale, messages);
    return { t, said: (s: Said) => say(t, s) };
  }, [locale, messages]);
}
