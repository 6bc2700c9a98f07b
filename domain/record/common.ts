import { z } from "zod";

// Field shapes every entity of the record shares.

export const text = z.string().trim().min(1);
export const isoDate = z.iso.date();
export const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "use lower-case words joined by hyphens");
export const sourceNumber = z.number().int().min(0);
/** Source numbers as the source list numbers them. */
export const cites = z.array(sourceNumber).min(1, "every fact cites at least one source");
