/** The browser storage keys, fixed: what earlier versions stored under them keeps working. */
export const storageKeys = {
  userInfo: 'userInfo',
  userRole: 'userRole',
  menuExpanded: 'menuExpanded',
  menuView: 'menuView',
  language: 'i18nextLng',
} as const;
