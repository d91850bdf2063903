import { CalendarDays } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { datePartOrder, formatTypedDate, nowValue, parseTypedDate } from '../../lib/typed-date';
import { describedBy, Field, inputLooks, useFieldId } from './field';

type Props = {
  label: string;
  /** The text input, for a form to focus it when its value is refused. */
  ref?: Ref<HTMLInputElement>;
  /** ISO 8601: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with `withTime`; '' for none. */
  value: string;
  /**
   * Called with the ISO value as soon as what is typed reads as a whole date (a filter applies
   * without Enter, a form's message goes before its Save is clicked), and on Enter or on leaving.
   */
  onChange: (value: string) => void;
  /** Called with what was typed when it does not read as a date, for a form to refuse to save it. */
  onUnreadable?: (text: string) => void;
  withTime?: boolean;
  error?: string;
  className?: string;
};

/** Day and month take at most two digits, so four in a row are a year typed in full. */
const hasWholeYear = (typed: string) => /\d{4}/.test(typed);

const canShowPicker = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/**
 * A date typed in the screen language's order (29/11/2026 on a Greek screen, 11/29/2026 on an
 * English one), whatever the browser's language, with the browser's calendar a button away.
 * What cannot be read as a date stays as typed, with a message saying how to write it.
 */
export function DateField({
  label,
  ref,
  value,
  onChange,
  onUnreadable,
  withTime = false,
  error,
  className = '',
}: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'el';
  const id = useFieldId(undefined);
  const picker = useRef<HTMLInputElement>(null);
  const readsAsDate = (typed: string) => parseTypedDate(typed, language, { withTime }) !== null;
  const [text, setText] = useState(() => formatTypedDate(value, language));
  const [isUnreadable, setIsUnreadable] = useState(() => !readsAsDate(value));
  // A value set elsewhere (a cleared filter, the back button, another language) is shown afresh,
  // while the text it was just read from stays as typed; one that is no date (typed into the
  // address, or kept by a form) says so.
  const [shown, setShown] = useState({ value, language, withTime });
  if (shown.value !== value || shown.language !== language || shown.withTime !== withTime) {
    setShown({ value, language, withTime });
    if (parseTypedDate(text, language, { withTime }) !== value) setText(formatTypedDate(value, language));
    setIsUnreadable(!readsAsDate(value));
  }

  const letters = {
    day: t('common.dateLetters.day'),
    month: t('common.dateLetters.month'),
    year: t('common.dateLetters.year'),
    time: t('common.dateLetters.time'),
  };
  const format = datePartOrder(language)
    .map((part) => letters[part])
    .join('/');
  const fullFormat = withTime ? `${format} ${letters.time}` : format;
  const unreadable = t('common.dateInvalid', {
    format: fullFormat,
    example: formatTypedDate(nowValue(withTime), language),
  });
  const shownError = isUnreadable ? unreadable : error;

  // What the input holds now: a quick hand may type and leave before the screen draws the text.
  const commit = (typed: string) => {
    const parsed = parseTypedDate(typed, language, { withTime });
    setIsUnreadable(parsed === null);
    if (parsed === null) {
      onUnreadable?.(typed);
      return;
    }
    setText(formatTypedDate(parsed, language));
    if (parsed !== value) onChange(parsed);
  };
  // Taken as typed, nothing moves under the pointer when the field is left for a button. A date
  // waits for its year in four digits (never the year 20 on the way to 2026) and is then written
  // out; a time comes after the year, and its text stays as typed while the minutes may follow.
  const takeAsTyped = (typed: string) => {
    const parsed = parseTypedDate(typed, language, { withTime });
    if (!parsed) return;
    if (!withTime) {
      if (hasWholeYear(typed)) commit(typed);
      return;
    }
    setIsUnreadable(false);
    if (parsed !== value) onChange(parsed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
  };

  const hintId = `${id}-format`;
  return (
    <Field id={id} label={label} error={shownError}>
      <div className="relative">
        {/* No numeric keyboard: a phone's has no slash to type one with. */}
        <input
          ref={ref}
          {...describedBy(id, shownError, hintId)}
          type="text"
          autoComplete="off"
          placeholder={fullFormat}
          value={text}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            takeAsTyped(typed);
          }}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          className={`w-full py-2 pl-3 ${canShowPicker ? 'pr-10' : 'pr-3'} ${inputLooks(shownError)} ${className}`}
        />
        <span id={hintId} className="sr-only">
          {t('common.dateFormat', { format: fullFormat })}
        </span>
        {canShowPicker && (
          <>
            {/* The browser's own calendar, opened by the button; its value is the field's. */}
            <input
              ref={picker}
              type={withTime ? 'datetime-local' : 'date'}
              tabIndex={-1}
              aria-hidden
              // The browser's control takes ISO only and says so in the console otherwise.
              value={parseTypedDate(value, language, { withTime }) === value ? value : ''}
              onChange={(event) => {
                setIsUnreadable(false);
                onChange(event.target.value);
              }}
              className="pointer-events-none absolute bottom-0 right-0 size-px opacity-0"
            />
            <button
              type="button"
              onClick={() => picker.current?.showPicker()}
              aria-label={t('common.pickDate')}
              title={t('common.pickDate')}
              className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2.5 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CalendarDays className="size-4" aria-hidden />
            </button>
          </>
        )}
      </div>
    </Field>
  );
}
