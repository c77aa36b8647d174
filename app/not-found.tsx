import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto mt-24 max-w-md text-center">
      <h1 className="mb-2 text-2xl font-semibold">Not found</h1>
      <p className="mb-6 text-stone-600">This page does not exist, or it belongs to a team you are not a member of.</p>
      <Link href="/" className="underline">
        Back to your catalogs
      </Link>
    </div>
  );
}
