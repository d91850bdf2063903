const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Dates and times as the product writes them in every language: a time on the 24-hour clock
 * ("15 Δεκεμβρίου 2026, 19:30", never "7:30 μ.μ."). Each formatter is built once, since they are
 * costly to build and a list asks for the same few on every draw.
 */
export function dateTimeFormat(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    const showsTime = options.timeStyle !== undefined || options.hour !== undefined;
    format = new Intl.DateTimeFormat(language, showsTime ? { hourCycle: 'h23', ...options } : options);
    formats.set(key, format);
  }
  return format;
}
