import { z } from "zod";
import { cites, key, text } from "./common";
import { DURATION_ROLES } from "./constants";

const durationBase = {
  key,
  label: text,
  /** What this length stands for in the lead and on the front page, if anything. */
  role: z.enum(DURATION_ROLES).nullable().default(null),
  countedBy: text,
  method: text,
  note: text.nullable(),
  contests: key.nullable(),
  cites,
};

/** A labelled length and who counts it: between two events, or as a source states it without dates. */
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
