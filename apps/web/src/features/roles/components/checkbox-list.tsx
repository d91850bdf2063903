import { useId } from 'react';

type Props = {
  legend: string;
  options: { value: string; label: string }[];
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** A scrollable group of checkboxes for picking many references. */
export function CheckboxList({ legend, options, selected, onChange }: Props) {
  const id = useId();
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {legend} ({selected.length})
      </legend>
      <div className="max-h-48 overflow-y-auto rounded-md border border-slate-300 p-2">
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2 py-0.5">
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            <label htmlFor={`${id}-${option.value}`} className="text-sm text-slate-800">
              {option.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
