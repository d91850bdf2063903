import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/** What a dialog shares with the form inside it. */
type Guard = {
  /** The form says whether it holds changes a close would lose. */
  setDirty: (isDirty: boolean) => void;
  /** Closes at once, or asks first when the form holds changes. */
  leave: (close: () => void) => void;
};

const GuardContext = createContext<Guard | null>(null);

/** Given by a dialog to what it holds: a form inside reports its changes to it. */
export const UnsavedChangesScope = GuardContext.Provider;

/**
 * Kept by a dialog (open while `isOpen`): `guard` for its `UnsavedChangesScope`, whose `leave` every way of closing goes
 * through; `question`, to render, which asks before changes are lost; `noteFocus`, for the focus
 * events of its content.
 */
export function useUnsavedChangesGuard(isOpen: boolean) {
  // Read only when a close is asked: a form's typing re-renders no dialog.
  const isDirty = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  // Closed some other way while asking (its form saved meanwhile), the dialog takes its question
  // with it: nothing is left unsaved to ask about.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (!isOpen) setPendingClose(null);
  }
  // Kept editing, the focus goes back to where it was last in the dialog: a click beside it has
  // taken the focus to the page by the time the close is asked.
  const focusedLast = useRef<HTMLElement | null>(null);
  const noteFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) focusedLast.current = event.target;
  };
  const guard = useMemo<Guard>(
    () => ({
      setDirty: (dirty) => {
        isDirty.current = dirty;
      },
      leave: (close) => (isDirty.current ? setPendingClose(() => close) : close()),
    }),
    [],
  );
  const question = (
    <UnsavedQuestion
      returnFocusTo={focusedLast}
      isOpen={pendingClose !== null}
      onKeep={() => setPendingClose(null)}
      onDiscard={() => {
        setPendingClose(null);
        pendingClose?.();
      }}
    />
  );
  return { guard, question, noteFocus };
}

/**
 * Used by a form: tells the dialog around it whether it holds changes, and gives the way to leave
 * it that asks first when it does. Outside a dialog it leaves at once.
 */
export function useLeaveForm(isDirty: boolean) {
  const guard = useContext(GuardContext);
  useEffect(() => {
    guard?.setDirty(isDirty);
    // Saved or closed, the form leaves nothing behind for the dialog's next form.
    return () => guard?.setDirty(false);
  }, [guard, isDirty]);
  return (close: () => void) => (guard ? guard.leave(close) : close());
}

/**
 * A screen that holds unsaved changes (`isDirty`) stops a move to another screen, for the caller to
 * ask about (`blocker.state === 'blocked'`, then `proceed` or `reset`), and has the browser ask
 * before a reload or a closed tab.
 */
export function useBlockLeaving(isDirty: boolean) {
  const blocker = useBlocker(isDirty);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

/** A screen's form with changes asks before they are lost to another screen, a reload or a closed tab. */
export function LeavingQuestion({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlockLeaving(isDirty);
  return (
    <UnsavedQuestion
      isOpen={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

type UnsavedQuestionProps = {
  isOpen: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  /** What is unsaved, when "this form" does not say it. */
  text?: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** The one question asked before unsaved changes are thrown away, wherever they are. */
export function UnsavedQuestion({ isOpen, onKeep, onDiscard, text, returnFocusTo }: UnsavedQuestionProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      returnFocusTo={returnFocusTo}
      isOpen={isOpen}
      onCancel={onKeep}
      onConfirm={onDiscard}
      title={t('common.unsavedTitle')}
      text={text ?? t('common.unsavedText')}
      confirmLabel={t('common.discardChanges')}
      cancelLabel={t('common.keepEditing')}
    />
  );
}
