import type { ReactNode } from 'react';

/** The frame of the signed-out screens: one centred card with the screen's title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="content" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <section className="w-full max-w-sm rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-6 text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </section>
    </main>
  );
}
