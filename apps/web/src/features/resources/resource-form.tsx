import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { getErrorMessage } from '../../lib/api-client';
import { useResourceMutations } from './use-resource';

export type SaveTexts = {
  created: string;
  updated: string;
  createError: string;
  updateError: string;
  createTransportError?: string;
  updateTransportError?: string;
};

/** Saves through the resource's create or update call, toasts, closes, or shows the server's sentence. */
export function useSaveResource<Body>(path: string, id: string | undefined, texts: SaveTexts, onDone: () => void) {
  const [error, setError] = useState<string>();
  const { create, update } = useResourceMutations<Body>(path);
  const save = async (body: Body) => {
    setError(undefined);
    try {
      if (id) await update.mutateAsync({ id, body });
      else await create.mutateAsync(body);
      toast.success(id ? texts.updated : texts.created);
      onDone();
    } catch (caught) {
      setError(
        id
          ? getErrorMessage(caught, texts.updateError, texts.updateTransportError)
          : getErrorMessage(caught, texts.createError, texts.createTransportError),
      );
    }
  };
  return { error, save };
}

/** The frame shared by every create/edit form: the error banner, the fields, Cancel and Save. */
export function ResourceForm(props: {
  error?: string;
  isBusy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
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
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={props.isBusy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
