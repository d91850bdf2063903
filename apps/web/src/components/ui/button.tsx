import type { ComponentProps } from 'react';
import { useFocusThroughDisabled } from '../../lib/use-focus-through-disabled';

type Variant = 'primary' | 'secondary' | 'danger';
type Size = 'md' | 'lg';

type Props = ComponentProps<'button'> & {
  variant?: Variant;
  isBusy?: boolean;
};

/** Each variant's colours, for what must look like a button without being one (a file input's label). */
export const BUTTON_LOOKS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500',
} as const;

/** `lg` is for a page's main calls to action (the public home). */
const BUTTON_SIZES = { md: 'px-4 py-2 text-sm', lg: 'px-5 py-3' } as const;

/** A button's whole look, for links and dialog actions that must look like one. */
export function buttonClass(variant: Variant = 'primary', size: Size = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${BUTTON_SIZES[size]} ${BUTTON_LOOKS[variant]}`;
}

export function Button({
  variant = 'primary',
  isBusy = false,
  className = '',
  children,
  disabled,
  ref,
  ...rest
}: Props) {
  const buttonRef = useFocusThroughDisabled(Boolean(disabled || isBusy), ref);
  return (
    <button
      ref={buttonRef}
      className={`${buttonClass(variant)} ${className}`}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {isBusy && (
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      )}
      {children}
    </button>
  );
}
