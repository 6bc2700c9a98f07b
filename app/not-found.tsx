import Link from "next/link";

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-semibold">Not found</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">There is no incident or page at this address.</p>
      <p className="mt-6">
        <Link href="/" className="text-blue-700 underline dark:text-blue-300">
          See all incidents
        </Link>
      </p>
    </div>
  );
}
