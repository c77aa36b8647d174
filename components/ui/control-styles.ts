// Class names of the form controls every page shares, so a button looks the same everywhere.
export const inputClass =
  "w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm focus:border-stone-500 focus:outline-none";
export const buttonClass = "rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50";
export const secondaryButtonClass =
  "rounded border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 disabled:opacity-50";
/** The native "Choose file" button styled like the others, so it reads as a button in both themes. */
export const fileInputClass =
  "block text-sm text-stone-700 file:mr-3 file:rounded file:border file:border-stone-300 file:bg-white file:px-3 file:py-1 file:text-sm file:text-stone-800 hover:file:bg-stone-100";
