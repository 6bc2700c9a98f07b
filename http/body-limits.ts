// The largest body each kind of request may carry, in bytes: the edge refuses a larger one with 413
// as it streams in (http/edge/route-list.ts), and the handlers read no more than this either.

const KiB = 1024;
const MiB = 1024 * KiB;

export const BODY_LIMITS = {
  /** A JSON document to the v1 API: an incident, an item, a publish. */
  apiJson: 256 * KiB,
  /** An affected list sent to the v1 API as the raw body. */
  apiUpload: 200 * MiB,
  /** One lookup: an account id and at most 100 request ids of the longest form (13.7 KB pretty-printed). */
  lookup: 16 * KiB,
  /** The affected-list file the editor's form takes; larger lists go through the API or the CLI. */
  formUpload: 20 * MiB,
  /** A form post of the editor's pages: the file above and the form's other fields. */
  editorForm: 20 * MiB + 64 * KiB,
  /** A small form post: sign-in, sign-out, the lookup form. */
  form: 64 * KiB,
} as const;
