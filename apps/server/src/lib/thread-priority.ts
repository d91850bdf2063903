/**
 * Linux nice of the threads that work for the event loop (the password workers, the PGlite
 * thread). They take only the CPU the thread that answers requests leaves, so on a small machine a
 * health check, or an answer whose rows are already read, does not wait behind argon2id or a long
 * statement for a turn on a core.
 */
export const WORKER_NICE = 10;

/** Lowers the calling thread alone (on Linux nice is per thread); where it cannot, it runs as it was. */
export async function lowerThisThread(): Promise<void> {
  const binding = await import('@napi-rs/nice').catch(() => undefined);
  try {
    binding?.nice(WORKER_NICE);
  } catch {
    // Not permitted here: the thread keeps its priority.
  }
}
