import type { ComponentProps, ReactNode } from 'react';
import { useFocusThroughDisabled } from '../../lib/use-focus-through-disabled';

const small =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border px-2 py-1 text-xs font-medium disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-600';

const looks = {
  /** A bare icon, as Edit in a list row, the menu toggle or a dialog's Close. */
  plain: 'rounded p-1 text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent',
  /** A bare icon that removes something. */
  danger: 'rounded p-1 text-red-700 hover:bg-red-50 disabled:opacity-50 disabled:hover:bg-transparent',
  /** A framed icon, as the pager's previous and next. */
  framed: 'rounded border border-slate-300 bg-white p-1 disabled:opacity-40',
  /** Icon and word in the brand colour, unframed, as Mark all as read. */
  link: 'inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100 disabled:text-slate-400',
  /** Icon and word, small and bordered, as the actions of an invite row. */
  small: `${small} border-slate-300 text-slate-800`,
  smallConfirm: `${small} border-green-700 text-green-800`,
  smallRefuse: `${small} border-red-700 text-red-800`,
  smallDanger: `${small} border-red-300 text-red-800`,
} as const;

type Props = ComponentProps<'button'> & {
  /** The icon, hidden from screen readers: the label or the text beside it names the button. */
  icon: ReactNode;
  look?: keyof typeof looks;
  isBusy?: boolean;
};

/**
 * A button drawn as an icon, with a word beside it (`children`) in the small looks; a bare icon
 * needs an `aria-label`. While busy, a spinner stands in for the icon and it cannot be pressed.
 */
export function IconButton({
  icon,
  look = 'plain',
  isBusy = false,
  className = '',
  disabled,
  children,
  ref,
  ...rest
}: Props) {
  const buttonRef = useFocusThroughDisabled(Boolean(disabled || isBusy), ref);
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`${looks[look]} ${className}`}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {isBusy ? (
        <span
          className={`${look.startsWith('small') ? 'size-3.5' : 'block size-4'} animate-spin rounded-full border-2 border-current border-t-transparent`}
          aria-hidden
        />
      ) : (
        icon
      )}
      {children}
    </button>
  );
}
