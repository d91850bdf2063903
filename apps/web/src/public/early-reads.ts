/**
 * Reads a page starts before its first render (the server's head preloads them, main.tsx starts
 * them while the texts load). One that has answered by then is rendered at once, in the first
 * render, instead of a loading state followed by a second render and layout.
 */
type Early = { promise: Promise<unknown>; data?: unknown };

const early = new Map<string, Early>();

export function startEarly(path: string, read: () => Promise<unknown>) {
  if (early.has(path)) return;
  const entry: Early = { promise: read() };
  // Read or not, a failure here is the page's to show when it asks.
  entry.promise.then((data) => (entry.data = data)).catch(() => undefined);
  early.set(path, entry);
}

/** The early read of `path`, taken once: a later visit of the page reads anew. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const entry = early.get(path);
  early.delete(path);
  return entry?.promise as Promise<T> | undefined;
}

/** What the early read of `path` answered, if it has. */
export const arrivedEarly = <T>(path: string): T | undefined => early.get(path)?.data as T | undefined;
