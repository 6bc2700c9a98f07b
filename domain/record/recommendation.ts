import { z } from "zod";
import { cites, text } from "./common";
import { RECOMMENDATION_AUDIENCES, RECOMMENDATION_STATUSES } from "./constants";

/** Advice to tenants, the provider's remediation, and what to watch next. */
export const recommendationSchema = z.strictObject({
  audience: z.enum(RECOMMENDATION_AUDIENCES),
  text,
  status: z.enum(RECOMMENDATION_STATUSES),
  cites,
});
export type Recommendation = z.infer<typeof recommendationSchema>;
