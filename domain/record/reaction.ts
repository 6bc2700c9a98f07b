import { z } from "zod";
import { cites, text } from "./common";

/** What others said of the findings. */
export const reactionSchema = z.strictObject({
  who: text,
  affiliation: text.nullable(),
  statement: text,
  cites,
});
export type Reaction = z.infer<typeof reactionSchema>;
