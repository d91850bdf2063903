import { ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { updateMyProfileBodySchema, withPasswordConfirmation, type Language, type Profile } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { ImagePicker } from '../../components/forms/image-picker';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { TextField } from '../../components/ui/text-field';
import { authStore } from '../../features/auth/auth-store';
import { useMfaStatus } from '../../features/mfa/api/get-mfa-status';
import { useMyProfile } from '../../features/profiles/api/get-my-profile';
import { MyEventsCard } from '../../features/events/components/my-events-card';
import { MyDataCard } from '../../features/privacy/components/my-data-card';
import { useUpdateMyProfile } from '../../features/profiles/api/update-my-profile';
import { useUploadProfileImage } from '../../features/profiles/api/upload-profile-image';
import { getErrorMessage } from '../../lib/api-client';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { SECURITY_PATH } from '../paths';
import { useIsAdmin } from '../use-rights';
import { SelectField } from '../../components/ui/select-field';
import { SwitchField } from '../../components/ui/switch-field';
import { LeavingQuestion } from '../../components/ui/unsaved-changes';

const profileFormSchema = withPasswordConfirmation(updateMyProfileBodySchema);

export function ProfileRoute() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('profile.title')}</h1>
      {profile.isError && <Alert tone="error">{getErrorMessage(profile.error, t('profile.fetchError'))}</Alert>}
      {profile.isPending && <p className="text-slate-600">{t('common.loading')}</p>}
      {profile.data && (
        <ProfileForm
          profile={profile.data.profile}
          language={profile.data.language}
          mailOnContact={profile.data.mailOnContact}
        />
      )}
      <MyEventsCard />
      <Link
        to={SECURITY_PATH}
        className="flex items-center gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
      >
        <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden />
        <span className="flex flex-col gap-1">
          <span className="text-lg font-semibold text-slate-900">{t('security.title')}</span>
          <span className="text-sm text-slate-600">{t('security.linkText')}</span>
        </span>
      </Link>
      <MyDataCard
        onDeleted={(message) => {
          toast.success(message);
          // Gone for good: the login does not offer to come back to this profile.
          authStore.signOut({ hasLoggedOut: true });
          void navigate('/login', { replace: true });
        }}
      />
    </section>
  );
}

function ProfileForm(props: { profile: Profile; language: Language; mailOnContact: boolean }) {
  const { profile, language } = props;
  // Only administrators are mailed new contact messages, so only they are asked.
  const isAdmin = useIsAdmin();
  const [mailOnContact, setMailOnContact] = useState(props.mailOnContact);
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [image, setImage] = useState(profile.image);
  // What the last save stored of what the form keeps outside its fields: a changed one is unsaved.
  const [saved, setSaved] = useState({ image: profile.image, mailOnContact: props.mailOnContact });
  const upload = useUploadProfileImage();
  const updateMyProfile = useUpdateMyProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: {
      name: profile.name,
      phone: profile.phone ?? '',
      address: profile.address ?? '',
      bio: profile.bio ?? '',
      language,
      password: '',
      confirmPassword: '',
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  // With a second factor the server asks for the current password with a new one.
  const mfa = useMfaStatus();
  const hasFactor = Boolean(mfa.data?.hasPassword && (mfa.data.totp || mfa.data.passkeys.length > 0));
  const asksCurrentPassword = hasFactor && Boolean(form.watch('password'));
  // An uploaded picture is applied only by Update: leaving before it loses it, as it loses typing.
  const isDirty = form.formState.isDirty || image !== saved.image || mailOnContact !== saved.mailOnContact;

  const onFile = async (file: File) => {
    setError(undefined);
    try {
      const uploaded = await upload.mutateAsync(file);
      setImage(uploaded.filePaths[0]?.path ?? null);
      toast.success(t('profile.uploaded'));
    } catch (caught) {
      setError(getErrorMessage(caught, t('profile.uploadError')));
    }
  };

  const onSubmit = form.handleSubmit(async ({ confirmPassword, ...values }) => {
    setError(undefined);
    try {
      const saved = await updateMyProfile.mutateAsync({ ...values, image, ...(isAdmin ? { mailOnContact } : {}) });
      // A new password ended the old session; the answer carries the next one.
      if (saved.token) authStore.replaceToken(saved.token);
      authStore.updateUser({ name: saved.profile.name, avatarUrl: saved.profile.image });
      toast.success(t('profile.updated'));
      form.reset({ ...form.getValues(), password: '', confirmPassword: '', currentPassword: '' });
      setSaved({ image, mailOnContact });
    } catch (caught) {
      setError(getErrorMessage(caught, t('profile.updateError')));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <LeavingQuestion isDirty={isDirty} />
      {error && <Alert tone="error">{error}</Alert>}
      <ImagePicker
        label={t('profile.image')}
        image={image}
        alt={t('profile.currentImage')}
        placeholder={<UserRound className="size-16 rounded-full bg-slate-100 p-3 text-slate-500" aria-hidden />}
        isBusy={upload.isPending}
        onFile={(file) => void onFile(file)}
        onTooLarge={setError}
      />
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={t('profile.phoneOptional')}
        type="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField label={t('profiles.address')} error={errors.address?.message} {...form.register('address')} />
      <Field id="profile-bio" label={t('profile.bio')} error={errors.bio?.message}>
        <textarea
          rows={4}
          {...describedBy('profile-bio', errors.bio?.message)}
          className={`rounded-md border px-3 py-2 text-sm ${errors.bio ? 'border-red-600' : 'border-slate-300'}`}
          {...form.register('bio')}
        />
      </Field>
      <SelectField
        label={t('profile.mailLanguage')}
        options={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
        error={errors.language?.message}
        {...form.register('language')}
      />
      {isAdmin && (
        <SwitchField label={t('profile.mailOnContact')} checked={mailOnContact} onChange={setMailOnContact} />
      )}
      <NewPasswordFields register={form.register} errors={errors} isOptional />
      {asksCurrentPassword && (
        <div className="flex flex-col gap-1">
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            aria-describedby="current-password-why"
            {...form.register('currentPassword')}
          />
          <p id="current-password-why" className="text-sm text-slate-600">
            {t('profile.currentPasswordWhy')}
          </p>
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" isBusy={isSubmitting || upload.isPending}>
          {t('profile.update')}
        </Button>
      </div>
    </form>
  );
}
