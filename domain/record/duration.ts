import { z } from "zod";
import { cites, key, text } from "./common";

const durationBase = {
  key,
  label: text,
  countedBy: text,
  method: text,
  note: text.nullable(),
  contests: key.nullable(),
  cites,
};

export const durationSchema = z.discriminatedUnion("kind", [
  z.strictObject({ ...durationBase, kind: z.literal("interval"), from: key, to: key }),
  z.strictObject({
    ...durationBase,
    kind: z.literal("stated"),
    statedMinutes: z.number().int().positive(),
    approximate: z.boolean(),
  }),
]);
export type Duration = z.infer<typeof durationSchema>;
