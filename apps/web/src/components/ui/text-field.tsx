import { forwardRef, type InputHTMLAttributes } from 'react';
import { describedBy, Field, inputLooks, useFieldId } from './field';

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
        className={`px-3 py-2 ${inputLooks(error)} ${className}`}
        {...rest}
      />
    </Field>
  );
});
