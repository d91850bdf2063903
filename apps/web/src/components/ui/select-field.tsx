import { forwardRef, type SelectHTMLAttributes } from 'react';
import { describedBy, Field, inputLooks, useFieldId } from './field';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  placeholder?: string;
};

/** A labelled choice whose error is announced and tied to it for screen readers. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, options, placeholder, id, ...rest },
  ref,
) {
  const selectId = useFieldId(id);
  return (
    <Field id={selectId} label={label} error={error}>
      <select
        ref={ref}
        {...describedBy(selectId, error)}
        className={`bg-white px-3 py-2 ${inputLooks(error)}`}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
});
