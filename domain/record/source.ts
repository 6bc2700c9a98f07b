import { z } from "zod";
import { isoDate, text } from "./common";

export const sourceSchema = z.strictObject({
  number: z.number().int().min(0),
  publisher: text,
  title: text,
  author: text.nullable(),
  publishedOn: isoDate,
  /** Only web addresses: a source link must never be able to run script or load data inline. */
  url: z.url({ protocol: /^https?$/, error: "use an http or https address" }).nullable(),
  note: text.nullable(),
});
export type Source = z.infer<typeof sourceSchema>;
