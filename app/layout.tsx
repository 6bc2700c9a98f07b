import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";
import "@/components/record/record.css";

export const metadata: Metadata = {
  title: { default: "Aftermath", template: "%s · Aftermath" },
  description: "The record of an incident after it ends: what happened, for how long, to whom, and the sources behind every figure.",
  alternates: { types: { "application/atom+xml": [{ url: "/feed.xml", title: "Aftermath postmortems" }] } },
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-(--bg) font-sans text-(--ink) antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-slate-900 focus:px-3 focus:py-2 focus:text-white"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 dark:border-slate-800">
          <nav aria-label="Site" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
            <Link href="/" className="font-semibold tracking-tight hover:underline">
              Aftermath
            </Link>
            <span className="text-sm text-slate-600 dark:text-slate-400">Incident records, with their sources</span>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          {children}
        </main>
        <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          Aftermath keeps the record of an incident. A green status is not proof.
        </footer>
      </body>
    </html>
  );
}
