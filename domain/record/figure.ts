import { z } from "zod";
import { cites, text } from "./common";

export const figureSchema = z.strictObject({
  value: text,
  unit: text.nullable(),
  label: text,
  note: text.nullable(),
  cites,
});
export type Figure = z.infer<typeof figureSchema>;
