import { z } from "zod";
import { requestId } from "@/domain/record/affected";
import { anyAccountId } from "@/domain/record/affected-shape";
import { linkTokenOf } from "./proof/tokens";

export const MAX_REQUEST_IDS = 100;

/** What the lookup's checks say in English; the page and the API say them in the reader's language by these (view/lookup-messages.ts). */
export const INPUT_MESSAGES = {
  linkTooLong: "this is not a lookup link: copy the whole link from the notice",
  needIds: "give at least one request id",
  tooManyIds: `send at most ${MAX_REQUEST_IDS} request ids at a time`,
  linkAlone: "send a link alone: it names the account already",
  needAccount: "request ids are checked against an account: give its id too",
  noIdsInList: "this incident's list carries no request ids, so none can be checked: use the link from your notice",
} as const;

/** A lookup asks with a link, or an account id and request ids from the tenant's logs; or with nothing, and a lookup session cookie. */
export const lookupInput = z
  .strictObject({
    // The whole link as the notice gives it, or only its token.
    link: z.string().max(2048, INPUT_MESSAGES.linkTooLong).transform(linkTokenOf).optional(),
    // Its form is the incident's (its list's shape), checked once the incident is known (lookup/run.ts).
    accountId: anyAccountId.optional(),
    requestIds: z.array(requestId).min(1, INPUT_MESSAGES.needIds).max(MAX_REQUEST_IDS, INPUT_MESSAGES.tooManyIds).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.link !== undefined && (body.accountId !== undefined || body.requestIds !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["link"], message: INPUT_MESSAGES.linkAlone });
    }
    if (body.requestIds !== undefined && body.accountId === undefined) {
      ctx.addIssue({ code: "custom", path: ["accountId"], message: INPUT_MESSAGES.needAccount });
    }
  });
