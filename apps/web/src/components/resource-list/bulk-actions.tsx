import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { BulkResult } from '@community/shared';
import { getErrorMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { SelectField } from '../ui/select-field';

/**
 * One action on the chosen rows; `choose` asks for a value first (the role to give), sent as
 * `param`. Nothing is chosen for the person: the first role in the list is the administrators'.
 */
export type BulkAction = {
  action: string;
  label: string;
  tone?: 'danger';
  choose?: { param: string; label: string; placeholder: string; options: { value: string; label: string }[] };
};

/** The ids, the action, and what the action asked for first (`roleId`); the server checks each. */
export type BulkRequest = { ids: string[]; action: string } & Record<string, unknown>;
export type UseBulk = () => UseMutationResult<BulkResult, Error, BulkRequest>;

type Props = {
  actions: readonly BulkAction[];
  useBulk: UseBulk;
  selected: string[];
  /** How a row is named in the list of what failed. */
  labelOf: (id: string) => string;
  onDone: () => void;
  /** Where the keyboard goes once the outcome is read: the bar that opened it is gone by then. */
  focusAfter: RefObject<HTMLElement | null>;
};

/**
 * The bar over a list while rows are chosen: its actions, each confirmed with the count first, then the
 * outcome: a toast when every row changed, else a dialog naming each row left as it was and why.
 */
export function BulkActions({ actions, useBulk, selected, labelOf, onDone, focusAfter }: Props) {
  const { t } = useTranslation();
  const bulk = useBulk();
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const [choice, setChoice] = useState('');
  const [outcome, setOutcome] = useState<{ action: string; result: BulkResult } | null>(null);

  const run = () => {
    if (!asked) return;
    const action = asked;
    const body = { ids: selected, action: action.action, ...(action.choose ? { [action.choose.param]: choice } : {}) };
    setAsked(null);
    bulk.mutate(body, {
      onSuccess: (result) => {
        onDone();
        if (result.failed.length === 0)
          toast.success(t('list.bulkDone', { action: action.label, n: result.done.length }));
        else setOutcome({ action: action.label, result });
      },
      onError: (error) => toast.error(getErrorMessage(error, t('list.bulkError'))),
    });
  };

  // The outcome outlives the selection it came from: the bar goes, the dialog stays.
  return (
    <>
      {selected.length > 0 && (
        <div
          role="region"
          aria-label={t('list.bulkActions')}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-600 bg-brand-50 px-4 py-2"
        >
          <span className="mr-2 text-sm font-medium text-slate-900" aria-live="polite">
            {t('list.selected', { n: selected.length })}
          </span>
          {actions.map((action) => (
            <Button
              key={action.action}
              variant={action.tone === 'danger' ? 'danger' : 'secondary'}
              isBusy={bulk.isPending && bulk.variables?.action === action.action}
              onClick={() => {
                setChoice('');
                setAsked(action);
              }}
            >
              {action.label}
            </Button>
          ))}
        </div>
      )}
      <Modal isOpen={asked !== null} onClose={() => setAsked(null)} title={asked?.label ?? ''}>
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            {t('list.bulkConfirm', { action: asked?.label, count: selected.length })}
            {asked?.tone === 'danger' && ` ${t('list.bulkCannotUndo')}`}
          </p>
          {asked?.choose && (
            <SelectField
              label={asked.choose.label}
              placeholder={asked.choose.placeholder}
              options={asked.choose.options}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            />
          )}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setAsked(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={asked?.tone === 'danger' ? 'danger' : 'primary'}
              onClick={run}
              disabled={Boolean(asked?.choose) && !choice}
            >
              {asked?.label}
            </Button>
          </div>
        </div>
      </Modal>
      <Modal
        isOpen={outcome !== null}
        onClose={() => setOutcome(null)}
        title={t('list.bulkOutcome')}
        returnFocusTo={focusAfter}
      >
        {outcome && (
          <div className="flex flex-col gap-3 text-sm text-slate-800">
            <p>
              {t('list.bulkPartly', {
                action: outcome.action,
                done: outcome.result.done.length,
                failed: outcome.result.failed.length,
              })}
            </p>
            <ul className="flex flex-col gap-1">
              {outcome.result.failed.map((failure) => (
                <li key={failure._id}>
                  <span className="font-medium">{labelOf(failure._id)}</span>: {failure.error}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Modal>
    </>
  );
}
