import { z } from "zod";
import { cites, text } from "./common";

/** Background a reader needs, grouped by topic. */
export const contextFactSchema = z.strictObject({
  topic: text,
  statement: text,
  cites,
});
export type ContextFact = z.infer<typeof contextFactSchema>;
