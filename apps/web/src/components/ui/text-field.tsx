import { forwardRef, type InputHTMLAttributes } from 'react';
import { describedBy, Field, useFieldId } from './field';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input whose error is announced and tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, id, className = '', ...rest },
  ref,
) {
  const inputId = useFieldId(id);
  return (
    <Field id={inputId} label={label} error={error}>
      <input
        ref={ref}
        {...describedBy(inputId, error)}
        className={`rounded-md border px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-600 ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        {...rest}
      />
    </Field>
  );
});
