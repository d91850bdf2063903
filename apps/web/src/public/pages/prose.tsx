import type { ReactNode } from 'react';
import { WithPageLinks } from '../page-mentions';
import { useT } from '../texts';

/** A page of text: a heading and paragraphs, each paragraph a translation key. */
export function ProsePage({
  titleKey,
  paragraphKeys,
  children,
}: {
  titleKey: string;
  paragraphKeys: string[];
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <article className="rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="mb-4 text-3xl font-bold text-slate-900">{t(titleKey)}</h1>
      <div className="flex flex-col gap-4 leading-relaxed text-slate-800">
        {paragraphKeys.map((key) => (
          <p key={key}>
            <WithPageLinks text={t(key)} />
          </p>
        ))}
      </div>
      {children}
    </article>
  );
}

/** Key names numbered from 1: `prefix.1` … `prefix.n`. */
export const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);
