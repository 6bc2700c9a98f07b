import { z } from "zod";

// Field shapes every entity of the record shares.

export const text = z.string().trim().min(1);
export const isoDate = z.iso.date();
export const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "use lower-case words joined by hyphens");
/** Source numbers as the article numbers them; 0 is the article itself. */
export const cites = z.array(z.number().int().min(0)).min(1, "every fact cites at least one source");
