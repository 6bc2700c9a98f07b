// The looks every form of the site shares, once: its buttons and its text controls.

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** The one thing a form is for: Save, Sign in, Check these requests. */
export const BUTTON = `inline-block rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300 ${FOCUS}`;

const QUIET = `rounded-md border border-slate-500 font-semibold hover:bg-slate-200 disabled:opacity-60 dark:hover:bg-slate-800 ${FOCUS}`;
/** The other choice beside it: Keep. */
export const QUIET_BUTTON = `inline-block px-4 py-2 ${QUIET}`;
/** A small one in a bar: Sign out. */
export const SMALL_QUIET_BUTTON = `px-3 py-1 text-sm ${QUIET}`;

/** A control's box, marked when its value was refused; INLINE_INPUT sits in a row, sized by its place. */
export const INLINE_INPUT =
  "rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
/** A text box or a select, full width. */
export const INPUT = `mt-1 block w-full ${INLINE_INPUT}`;

/** A link in running text or a bar of links. */
export const LINK = "text-blue-700 underline dark:text-blue-300";
