/**
 * A list's actions column on a phone, where the table scrolls sideways: pinned to the right edge,
 * over the columns scrolling under it, so a row's buttons are in view without scrolling to them.
 * It takes the row's background, so a row needs one of its own or the columns would show through.
 * Its edge is drawn beside it rather than as its border: a collapsed table paints cell borders
 * itself and leaves them behind when the cell sticks. The shadow there makes text cut at the
 * edge read as passing under the column, so the table reads as one that scrolls.
 */
export const PINNED_ACTIONS =
  'max-md:sticky max-md:right-0 bg-inherit max-md:before:absolute max-md:before:inset-y-0 max-md:before:right-full max-md:before:w-2 max-md:before:border-r max-md:before:border-slate-200 max-md:before:bg-linear-to-l max-md:before:from-black/10';

/**
 * The scrolling box of a table with pinned actions: a link or box reached by Tab scrolls clear of
 * the pinned column rather than stop under it.
 */
export const UNDER_PINNED_ACTIONS = 'overflow-x-auto max-md:scroll-pr-40';
