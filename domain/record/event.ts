import { z } from "zod";
import { PHASES } from "./constants";
import { cites, key, text } from "./common";
import { PRECISIONS } from "@/lib/precise-time";

export const eventSchema = z.strictObject({
  key,
  at: z.string().nullable(),
  precision: z.enum(PRECISIONS),
  phase: z.enum(PHASES),
  title: text,
  detail: text.nullable(),
  cites,
});
export type Event = z.infer<typeof eventSchema>;
