import type { ReactNode } from 'react';

const looks = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-800',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

/** The banner of a screen: errors interrupt screen readers, successes are announced politely. */
export function Alert({ tone, children }: { tone: keyof typeof looks; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${looks[tone]}`}>
      {children}
    </div>
  );
}
