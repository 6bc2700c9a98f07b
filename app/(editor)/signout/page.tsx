import type { Metadata } from "next";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { signOutAction } from "./actions";
import { requireUser } from "@/http/auth";

export const metadata: Metadata = { title: "Sign out", robots: { index: false } };

/** Visiting signs no one out; the button posts. */
export default async function SignOutPage() {
  const user = await requireUser({ next: "/signout" });
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">Sign out</h1>
      <p className="mt-3 text-slate-800 dark:text-slate-200">Signed in as {user.email}.</p>
      <SignOutButton action={signOutAction} className="mt-6" />
    </div>
  );
}
