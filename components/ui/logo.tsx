import Link from "next/link";

/** The product mark and name, linking home. */
export function Logo({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-stone-900">
      <svg aria-hidden width="20" height="20" viewBox="0 0 32 32" className="text-stone-900">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M8 11.5 16 7l8 4.5v9L16 25l-8-4.5zM8 11.5 16 16l8-4.5M16 16v9"
          fill="none"
          stroke="var(--color-stone-50)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      Stockroom
    </Link>
  );
}
