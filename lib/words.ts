/** A word or phrase as a sentence or a heading starts it: "source" → "Source". */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
