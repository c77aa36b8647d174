import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="mx-auto mt-24 max-w-md text-center">
      <h1 className="mb-2 text-2xl font-semibold">Not allowed</h1>
      <p className="mb-6 text-stone-600">Your role in this team does not allow this page. Ask a team owner for a higher role.</p>
      <Link href="/" className="underline">
        Back to your catalogs
      </Link>
    </div>
  );
}
