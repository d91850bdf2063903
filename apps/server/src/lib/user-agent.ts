const BROWSERS: [needle: string, name: string][] = [
  ['Edg/', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['Chromium/', 'Chromium'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];
const SYSTEMS: [needle: string, name: string][] = [
  ['iPhone', 'iOS'],
  ['iPad', 'iPadOS'],
  ['Android', 'Android'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['CrOS', 'ChromeOS'],
  ['Linux', 'Linux'],
];

export type Device = { browser: string | null; system: string | null };

/** The browser and system a user agent names, found by the names in it (no pattern). */
export function describeDevice(userAgent: string | null): Device {
  const find = (names: [string, string][]) =>
    userAgent ? (names.find(([needle]) => userAgent.includes(needle))?.[1] ?? null) : null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
