import { TOKEN_ENV, URL_ENV } from "./examples";

const BOX = "rounded-lg border border-stone-200 bg-white p-4";
const TEXT = "text-stone-600";
const CODE = "font-mono";

/** Auth, caching and verification in three boxes: what every agent needs before the first request. */
export function Essentials() {
  return (
    <section id="essentials" aria-label="Essentials" className="grid scroll-mt-6 gap-4 text-sm md:grid-cols-3">
      <div className={BOX}>
        <h2 className="mb-1 font-semibold">Auth</h2>
        <p className={TEXT}>
          <code className={CODE}>Authorization: Bearer srk_…</code>. Catalog owners create tokens on the catalog’s Agent
          tokens tab. A token reads one catalog; others answer 403.
        </p>
      </div>
      <div className={BOX}>
        <h2 className="mb-1 font-semibold">Caching</h2>
        <p className={TEXT}>
          <code className={CODE}>ETag</code> is the content hash. Send it back as{" "}
          <code className={CODE}>If-None-Match</code>: unchanged → 304, no body. Numbered versions are immutable.
        </p>
      </div>
      <div className={BOX}>
        <h2 className="mb-1 font-semibold">Verify</h2>
        <p className={TEXT}>
          Drop <code className={CODE}>contentHash</code>, serialise with keys sorted at every depth and no whitespace,
          SHA-256 the UTF-8 bytes: it must equal <code className={CODE}>sha256-&lt;hex&gt;</code>.
        </p>
      </div>
    </section>
  );
}

/** The two environment variables every example reads. */
export function SetupGuide() {
  return (
    <section id="setup" aria-label="Running the examples" className={`${BOX} scroll-mt-6 space-y-2 text-sm`}>
      <h2 className="font-semibold">Running the examples</h2>
      <p className={TEXT}>
        Every example reads the server’s address and an agent token from the environment, so it runs as pasted. curl
        needs 7.84 or later for the encoding report; Python 3 uses only the standard library (Brotli aside); the
        TypeScript runs on Node 18+ as an ES module (<code className={CODE}>.mts</code>, or{" "}
        <code className={CODE}>npx tsx</code>).
      </p>
      <pre className="overflow-x-auto rounded bg-stone-50 p-3 font-mono text-xs">
        <code>{`export ${URL_ENV}=http://localhost:3000\nexport ${TOKEN_ENV}=srk_…   # from the catalog's Agent tokens tab`}</code>
      </pre>
    </section>
  );
}

const ENCODINGS = [
  ["identity", "No Accept-Encoding (or identity): the JSON as is."],
  ["gzip", "Accept-Encoding: gzip. Every HTTP client decodes it; Python’s gzip module does."],
  ["br", "Accept-Encoding: br. About half gzip’s size on snapshots; preferred when a client weighs both alike."],
  [
    "304 revalidation",
    "If-None-Match with the ETag you hold: 304 with no body while it is current. The cheapest way to poll latest.",
  ],
] as const;

/** What each encoding variant of the examples does. */
export function EncodingGuide() {
  return (
    <section id="encodings" aria-label="Encodings and revalidation" className={`${BOX} scroll-mt-6 text-sm`}>
      <h2 className="mb-2 font-semibold">Encodings and revalidation</h2>
      <p className={`${TEXT} mb-2`}>
        Snapshot endpoints negotiate the body’s encoding; each snapshot is compressed once per server process. The
        examples of each endpoint show every variant it supports.
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
        {ENCODINGS.map(([name, text]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs font-semibold">{name}</dt>
            <dd className={TEXT}>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
