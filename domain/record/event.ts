import { z } from "zod";
import { PHASES } from "./constants";
import { cites, key, text } from "./common";
import { PRECISIONS, isValidPreciseTime } from "@/lib/precise-time";

/** A dated event; its time is written only as far as its precision goes ("2026-09", "2026-09-09T14:00Z"). */
export const eventSchema = z
  .strictObject({
    key,
    at: z.string().nullable(),
    precision: z.enum(PRECISIONS),
    phase: z.enum(PHASES),
    title: text,
    detail: text.nullable(),
    cites,
  })
  .superRefine((e, ctx) => {
    if (!isValidPreciseTime(e)) {
      const expected = e.precision === "none" ? "no time (leave it empty)" : `a ${e.precision}-precision UTC time`;
      ctx.addIssue({ code: "custom", path: ["at"], message: `"${e.at ?? ""}" is not ${expected}` });
    }
  });
export type Event = z.infer<typeof eventSchema>;
