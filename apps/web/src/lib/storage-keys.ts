/** Browser storage keys of spec section 3. */
export const storageKeys = {
  userInfo: 'userInfo',
  userRole: 'userRole',
  menuExpanded: 'menuExpanded',
  menuView: 'menuView',
  language: 'i18nextLng',
} as const;
