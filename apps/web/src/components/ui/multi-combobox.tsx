import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboboxOption, type UseComboboxOptions } from './combobox';
import { IconButton } from './icon-button';

type Props = {
  label: string;
  values: ComboboxOption[];
  onChange: (values: ComboboxOption[]) => void;
  useOptions: UseComboboxOptions;
  placeholder?: string;
};

/**
 * Many references picked by searching the server as one types: each pick joins the list below,
 * where each can be taken out again; what is picked is not offered twice.
 */
export function MultiCombobox({ label, values, onChange, useOptions, placeholder }: Props) {
  const { t } = useTranslation();
  const picked = new Set(values.map((value) => value.value));
  const useRemaining: UseComboboxOptions = (term) => {
    const found = useOptions(term);
    return { ...found, options: found.options.filter((option) => !picked.has(option.value)) };
  };
  return (
    <div className="flex flex-col gap-2">
      <Combobox
        label={`${label} (${values.length})`}
        value={null}
        onChange={(option) => option && onChange([...values, option])}
        useOptions={useRemaining}
        placeholder={placeholder}
      />
      {values.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1">
          {values.map((value) => (
            <li
              key={value.value}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-800"
            >
              {value.label}
              <IconButton
                icon={<X className="size-3.5" aria-hidden />}
                onClick={() => onChange(values.filter((other) => other.value !== value.value))}
                aria-label={t('combobox.remove', { value: value.label })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
