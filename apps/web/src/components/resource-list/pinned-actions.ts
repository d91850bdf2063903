/**
 * A list's actions column on a phone, where the table scrolls sideways: pinned to the right edge,
 * over the columns scrolling under it, so a row's buttons are in view without scrolling to them.
 * It takes the row's background, so a row needs one of its own or the columns would show through.
 */
export const PINNED_ACTIONS = 'max-md:sticky max-md:right-0 max-md:border-l max-md:border-slate-200 bg-inherit';

/**
 * The scrolling box of a table with pinned actions: a link or box reached by Tab scrolls clear of
 * the pinned column rather than stop under it.
 */
export const UNDER_PINNED_ACTIONS = 'overflow-x-auto max-md:scroll-pr-40';
