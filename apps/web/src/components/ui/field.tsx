import { useId, type ReactNode } from 'react';

/** The id a control goes by: the one given, or one of its own. */
export function useFieldId(id: string | undefined) {
  const generated = useId();
  return id ?? generated;
}

/**
 * What ties a control to its error, and to a hint when it has one (the hint's id), for screen
 * readers; spread it onto the control.
 */
export const describedBy = (id: string, error: string | undefined, hintId?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hintId, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
});

/** A text control's frame, red while it has an error; its padding is the control's own. */
export const inputLooks = (error: string | undefined) =>
  `rounded-md border text-sm outline-none focus:ring-2 focus:ring-brand-600 ${error ? 'border-red-600' : 'border-slate-300'}`;

/** A label above its control and, when there is one, the error below it, announced as it appears. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
