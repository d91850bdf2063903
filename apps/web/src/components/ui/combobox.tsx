import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettled } from '../../lib/use-settled';
import { useClaimEscape } from './claim-escape';
import { IconButton } from './icon-button';

export type ComboboxOption = { value: string; label: string; detail?: string };

/**
 * What a combobox shows for a typed term: the server's matches, and whether they are on the way;
 * with nothing typed, the first few; `null` while the list is closed, when nothing is asked.
 */
export type UseComboboxOptions = (term: string | null) => { options: ComboboxOption[]; isLoading: boolean };

/** Typing is searched once it pauses this long: a query per word, not per key. */
const SEARCH_AFTER_MS = 250;

type Props = {
  label: string;
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  useOptions: UseComboboxOptions;
  placeholder?: string;
  /** A form's message for the field, announced with it. */
  error?: string;
};

/**
 * A field that searches the server as one types (the ARIA combobox pattern): a click or the down
 * arrow lists the first choices, arrows move through the matches, Enter picks one, Escape closes
 * the list (and only the list, in a dialog), and a live region says how many there are.
 * The focus follows a pick to the button that clears it, and a clearing back to the field.
 */
export function Combobox({ label, value, onChange, useOptions, placeholder, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const settled = useSettled(term.trim(), SEARCH_AFTER_MS);
  const found = useOptions(isOpen ? settled : null);
  // Only choices for the text as it stands are shown and picked: while typing has not paused, or
  // its answer is on the way, a quick Enter picks nothing rather than a choice for other text.
  const isCurrent = settled === term.trim();
  const options = isCurrent ? found.options : [];
  const isSearching = !isCurrent || found.isLoading;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  // Set by the person's own pick or clearing, and followed only once that value is shown: a value
  // that arrives from elsewhere moves no focus.
  const focusNext = useRef<{ to: 'clear' | 'input'; value: string | null } | null>(null);
  // Something under the field to close (the choices, or the note that there are none): Escape
  // closes that, and only a second Escape the dialog around it, which would lose every pick.
  const isListShown = isOpen && (options.length > 0 || term.trim() !== '');
  useClaimEscape(inputRef, isListShown);
  useEffect(() => {
    const next = focusNext.current;
    if (!next || next.value !== (value?.value ?? null)) return;
    focusNext.current = null;
    (next.to === 'clear' ? clearRef : inputRef).current?.focus();
  }, [value]);

  // The arrows move through a list taller than its box: the active option is kept in view.
  useEffect(() => {
    if (isOpen) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active, isOpen]);

  const choose = (option: ComboboxOption) => {
    focusNext.current = { to: 'clear', value: option.value };
    onChange(option);
    setTerm('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      // Closed, the first press opens the list on its first choice.
      if (!isOpen) {
        setOpen(true);
        setActive(0);
        return;
      }
      setActive((index) => Math.max(0, Math.min(index + 1, options.length - 1)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && isOpen && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <span className="inline-flex items-center gap-1 self-start rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-800">
          {value.label}
          <IconButton
            ref={clearRef}
            icon={<X className="size-3.5" aria-hidden />}
            onClick={() => {
              focusNext.current = { to: 'input', value: null };
              onChange(null);
            }}
            aria-label={t('combobox.clear', { label, value: value.label })}
          />
        </span>
      </div>
    );
  }

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-activedescendant={isOpen && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        value={term}
        placeholder={placeholder}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        // A click or the down arrow shows the first choices before anything is typed; the focus
        // alone does not, so a dialog that opens on this field opens with its list closed.
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error && (
        <span id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </span>
      )}
      {/* In the flow of the form rather than over it: a dialog that scrolls cut a floating list off. */}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!isOpen || options.length === 0}
        className="mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen before the input loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
          >
            {option.label}
            {option.detail && <span className="ml-2 text-xs text-slate-500">{option.detail}</span>}
          </li>
        ))}
      </ul>
      {isOpen && term.trim() && options.length === 0 && (
        // Seen, not read out: the live region below tells the count.
        <p
          aria-hidden
          className="mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-600 shadow-lg"
        >
          {isSearching ? t('combobox.searching') : t('combobox.noResults')}
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {isOpen && !isSearching && (settled || options.length > 0)
          ? t('combobox.results', { count: options.length })
          : ''}
      </span>
    </div>
  );
}
