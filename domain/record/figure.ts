import { z } from "zod";
import { cites, text } from "./common";

/** One line of the "in numbers" list, its value kept as the source states it ("128K", "2.04 million"). */
export const figureSchema = z.strictObject({
  value: text,
  unit: text.nullable(),
  label: text,
  note: text.nullable(),
  /** Shown on the incident's card on the front page. */
  headline: z.boolean().default(false),
  /** A prompt length, in tokens, drawn as a reference line on the prompt-length chart. */
  threshold: z.number().int().positive().nullable().default(null),
  cites,
});
export type Figure = z.infer<typeof figureSchema>;
