import { SiteFrame } from "@/components/ui/site-frame";
import { GLOSSARY } from "./terms";

export const metadata = { title: "Glossary" };

/** The terms Stockroom's pages use, one short paragraph each; pages link to /docs/glossary#<id>. */
export default function GlossaryPage() {
  return (
    <SiteFrame>
      <h1 className="mb-2 text-2xl font-semibold">Glossary</h1>
      <p className="mb-6 max-w-2xl text-sm text-stone-600">The words Stockroom uses, in a sentence or two each.</p>
      <dl className="max-w-2xl space-y-4">
        {GLOSSARY.map((entry) => (
          <div key={entry.id} id={entry.id} className="scroll-mt-4">
            <dt className="font-medium text-stone-900">{entry.term}</dt>
            <dd className="text-sm text-stone-700">{entry.meaning}</dd>
          </div>
        ))}
      </dl>
    </SiteFrame>
  );
}
