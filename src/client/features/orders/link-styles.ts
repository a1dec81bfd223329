/** Links that look like the shared Button (they navigate, so they stay links). */
export const primaryLink =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800";
/** "Back to …" above a page's title: a 44 px tall touch target that reads as a text link. */
export const backLink =
  "inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline";
export const secondaryLink =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 ring-1 ring-brand-700 transition-colors hover:bg-brand-50";
