/** A form, not a link: signing out is a POST, and it works without JavaScript. */
export function SignOutButton({ action, className }: { action: (form: FormData) => Promise<void>; className?: string }) {
  return (
    <form action={action} className={className}>
      <button
        type="submit"
        className="rounded-md border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Sign out
      </button>
    </form>
  );
}
