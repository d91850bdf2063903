import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useLeaveForm } from '../ui/unsaved-changes';

type SaveTexts = {
  created: string;
  updated: string;
  createError: string;
  updateError: string;
  createTransportError?: string;
  updateTransportError?: string;
};

/**
 * Runs a form's create or update (`isEditing` says which it is), then toasts and closes, or keeps
 * the server's sentence for the form's banner.
 */
export function useSaveResource(isEditing: boolean, texts: SaveTexts, onDone: () => void) {
  const [error, setError] = useState<string>();
  const save = async (request: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await request();
      toast.success(isEditing ? texts.updated : texts.created);
      onDone();
    } catch (caught) {
      setError(
        isEditing
          ? getErrorMessage(caught, texts.updateError, texts.updateTransportError)
          : getErrorMessage(caught, texts.createError, texts.createTransportError),
      );
    }
  };
  return { error, save };
}

/**
 * The frame shared by every create/edit form: the error banner, the fields, Cancel and Save. With
 * `isDirty` (react-hook-form's, or more), Cancel, and any way of closing the dialog around it, asks
 * before the changes are lost.
 */
export function ResourceForm(props: {
  error?: string;
  isBusy: boolean;
  isDirty: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const leave = useLeaveForm(props.isDirty);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      noValidate
      className="flex flex-col gap-4"
    >
      {props.error && <Alert tone="error">{props.error}</Alert>}
      {props.children}
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={() => leave(props.onCancel)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={props.isBusy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
