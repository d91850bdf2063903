/** The browsers and systems a passkey's default name can tell apart, most specific first. */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(?:e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/**
 * The browser and system of this device, from the browser's own description: what a new
 * passkey is called unless its owner types another name.
 */
export function describeDevice(userAgent: string = navigator.userAgent) {
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
