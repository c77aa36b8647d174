/** The page's table of contents: the overview sections, every endpoint by method and summary, the schemas. */
export function ApiNav({
  operations,
  schemas,
}: {
  operations: Array<{ id: string; method: string; summary: string }>;
  schemas: string[];
}) {
  const link = "block rounded px-2 py-1 text-stone-700 hover:bg-stone-100 hover:text-stone-950";
  const heading = "mt-4 mb-1 px-2 text-xs font-semibold tracking-wide text-stone-500 uppercase";
  return (
    <nav
      aria-label="API reference"
      className="text-sm lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:overflow-y-auto"
    >
      <p className={heading}>Overview</p>
      <a href="#essentials" className={link}>
        Auth, caching, verifying
      </a>
      <a href="#setup" className={link}>
        Running the examples
      </a>
      <a href="#encodings" className={link}>
        Encodings and revalidation
      </a>
      <p className={heading}>Endpoints</p>
      <ul>
        {operations.map((op) => (
          <li key={op.id}>
            <a href={`#${op.id}`} className={`${link} flex items-baseline gap-2`}>
              <span className="font-mono text-[0.7rem] font-semibold text-emerald-700 uppercase">{op.method}</span>
              <span>{op.summary}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={heading}>Schemas</p>
      <ul>
        {schemas.map((name) => (
          <li key={name}>
            <a href={`#schema-${name}`} className={`${link} font-mono text-xs`}>
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
