/** Shown in both footers (spec section 9). */
export const APP_VERSION = '5.925';
