/**
 * glibc keeps what threads free in its heaps, for reuse: the zones in which V8 compiled PGlite's
 * WebAssembly at start (50–60 MB, while V8 then uses under 1 MB of them), and after a sign-in
 * flood what the password workers freed as they stopped. `malloc_trim` hands the free pages back
 * to the system. Reached through koffi's FFI, on Linux with glibc; elsewhere it does nothing.
 */
export async function loadFreedMemoryRelease(): Promise<() => void> {
  if (process.platform !== 'linux') return () => {};
  try {
    const { default: koffi } = await import('koffi');
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => {
      mallocTrim(0);
    };
  } catch {
    // musl or another C library: nothing to call.
    return () => {};
  }
}
