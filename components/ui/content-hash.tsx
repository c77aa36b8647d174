import { CopyButton } from "./copy-button";

/** A content hash in monospace, shortened on screen (the whole in the title), with a button that copies all of it. */
export function ContentHash({ hash, className = "" }: { hash: string; className?: string }) {
  const short = hash.length > 22 ? `${hash.slice(0, 19)}…` : hash;
  return (
    <span className={`inline-flex items-center gap-1.5 align-middle ${className}`}>
      <code className="font-mono text-xs text-stone-700" title={hash}>
        {short}
      </code>
      <CopyButton text={hash} label={`Copy content hash ${hash}`} />
    </span>
  );
}
