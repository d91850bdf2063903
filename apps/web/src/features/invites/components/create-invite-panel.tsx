import { Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createInviteBodySchema,
  INVITE_DEFAULT_HOURS,
  INVITE_MAX_USES,
  INVITE_MIN_HOURS,
  type Invite,
} from '@community/shared';
import { isForbidden } from '../../../components/resource-list/forbidden-screen';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateInvite } from '../api/create-invite';
import { copyText } from '../../../lib/copy-text';

const EMPTY = { email: '', hours: String(INVITE_DEFAULT_HOURS), maxUses: '1', roleId: '' };

type Props = {
  formatDate: (iso: string) => string;
  /** The roles an invite may give besides the User role, which it gives when none is chosen. */
  roleOptions: { value: string; label: string }[];
  /** The User role's name, as this installation calls it. */
  defaultRoleName: string | undefined;
};

/** Email (optional), hours, uses and role; the new link is shown with Copy and Open until the next one. */
export function CreateInvitePanel({ formatDate, roleOptions, defaultRoleName }: Props) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Invite & { link: string }>();
  const [error, setError] = useState<string>();
  const form = useZodForm(createInviteBodySchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const create = useCreateInvite({
    mutationConfig: {
      onSuccess: (invite) => {
        setCreated(invite);
        form.reset(EMPTY);
        toast.success(t('invites.created'));
      },
      onError: (caught) => {
        const text = getErrorMessage(caught, t('invites.createError'));
        setError(text);
        // Refused because the right to invite was taken away: the grants are read again and this
        // panel goes with it, so the reason is told where it stays.
        if (isForbidden(caught)) toast.error(text);
      },
    },
  });

  const onSubmit = form.handleSubmit((invite) => {
    setError(undefined);
    create.mutate(invite);
  });

  const copy = async (link: string) =>
    (await copyText(link)) ? toast.success(t('invites.copied')) : toast.error(t('invites.copyFailed'));

  return (
    <section aria-labelledby="create-invite" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="create-invite" className="mb-3 text-lg font-semibold text-slate-900">
        {t('invites.createTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <div className="flex-1">
          <TextField
            label={t('invites.email')}
            type="email"
            autoComplete="off"
            placeholder={t('invites.anyEmail')}
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <div className="sm:w-32">
          <TextField
            label={t('invites.hours')}
            type="number"
            min={INVITE_MIN_HOURS}
            step={1}
            inputMode="numeric"
            error={errors.hours?.message}
            {...form.register('hours')}
          />
        </div>
        <div className="sm:w-28">
          <TextField
            label={t('invites.maxUses')}
            type="number"
            min={1}
            max={INVITE_MAX_USES}
            step={1}
            inputMode="numeric"
            error={errors.maxUses?.message}
            {...form.register('maxUses')}
          />
        </div>
        <div className="sm:w-48">
          <SelectField
            label={t('invites.role')}
            placeholder={t('invites.defaultRole', { role: defaultRoleName ?? 'User' })}
            options={roleOptions}
            error={errors.roleId?.message}
            {...form.register('roleId')}
          />
        </div>
        <Button type="submit" isBusy={create.isPending} className="sm:mt-6">
          {t('invites.create')}
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {created && (
        <div className="mt-4 flex flex-col gap-2 rounded-md bg-slate-50 p-3" data-testid="created-invite">
          <label htmlFor="invite-link" className="text-sm font-medium text-slate-700">
            {t('invites.link')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="invite-link"
              readOnly
              value={created.link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
            />
            <div className="flex gap-2">
              <Button type="button" variant="secondary" onClick={() => copy(created.link)}>
                <Copy className="size-4" aria-hidden />
                {t('invites.copy')}
              </Button>
              <a href={created.link} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
                <ExternalLink className="size-4" aria-hidden />
                {t('invites.open')}
              </a>
            </div>
          </div>
          <p className="text-sm text-slate-700">
            {t('invites.expiresAt', { date: formatDate(created.expiresAt) })}
            {' · '}
            {created.email ? t('invites.forEmail', { email: created.email }) : t('invites.forAnyone')}
          </p>
        </div>
      )}
    </section>
  );
}
