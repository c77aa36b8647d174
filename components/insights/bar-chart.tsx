import Link from "next/link";

export interface Bar {
  label: string;
  /** Stacked parts, bottom first; their sum is the bar's height. */
  parts: Array<{ value: number; color: string; name: string }>;
  href: string;
}

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { left: 40, right: 8, top: 8, bottom: 28 };

/**
 * A small accessible SVG bar chart: every bar is a link to the events behind it, with a text label that names
 * its numbers (screen readers and tests read the same words as the tooltip).
 */
export function BarChart({
  title,
  bars,
  legend,
  note,
}: {
  title: string;
  bars: Bar[];
  legend: Array<{ name: string; color: string }>;
  note?: string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, bars.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const labelEvery = Math.ceil(bars.length / 12);
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{title}</span>
        {note && <span className="text-xs text-stone-500">{note}</span>}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="group" aria-label={title}>
        {[0, 0.5, 1].map((tick) => (
          <g key={tick} aria-hidden="true">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + innerH * (1 - tick)}
              y2={PAD.top + innerH * (1 - tick)}
              stroke="#e7e5e4"
            />
            <text x={PAD.left - 6} y={PAD.top + innerH * (1 - tick) + 4} textAnchor="end" fontSize="10" fill="#78716c">
              {Math.round(max * tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let y = PAD.top + innerH;
          const description = `${bar.label}: ${bar.parts.map((part) => `${part.value} ${part.name}`).join(", ")}`;
          return (
            <Link key={bar.label} href={bar.href} aria-label={description}>
              <title>{description}</title>
              <rect x={x - (slot - barW) / 2} y={PAD.top} width={slot} height={innerH} fill="transparent" />
              {bar.parts.map((part) => {
                const h = (part.value / max) * innerH;
                y -= h;
                return <rect key={part.name} x={x} y={y} width={barW} height={h} fill={part.color} />;
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={HEIGHT - 10} textAnchor="middle" fontSize="10" fill="#57534e">
                  {bar.label}
                </text>
              )}
            </Link>
          );
        })}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-xs">
        {legend.map((item) => (
          <li key={item.name} className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ background: item.color }} />
            {item.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
