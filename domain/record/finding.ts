import { z } from "zod";
import { cites, isoDate, text } from "./common";

/** A third party's assessment, e.g. NIST CAISI's. */
export const findingSchema = z.strictObject({
  assessor: text,
  assessedOn: isoDate,
  statement: text,
  cites,
});
export type Finding = z.infer<typeof findingSchema>;
