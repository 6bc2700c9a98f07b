import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/signin-form";
import { currentUser, safeNextPath } from "@/http/auth";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type Props = { searchParams: Promise<{ next?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  const next = safeNextPath((await searchParams).next);
  if (await currentUser()) redirect(next);
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-3 max-w-xl text-slate-800 dark:text-slate-200">
        For editors of the incident record. Accounts are made by an administrator with{" "}
        <code className="font-mono text-sm">npm run user:add</code>.
      </p>
      <div className="mt-8">
        <SignInForm action={signInAction} next={next} />
      </div>
    </div>
  );
}
