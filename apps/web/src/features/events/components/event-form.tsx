import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EVENT_CAPACITY_MAX, eventBodySchema, type EventRecord, type Language } from '@community/shared';
import { ResourceForm } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { DateField } from '../../../components/ui/date-field';
import { Field, describedBy, inputLooks } from '../../../components/ui/field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { useUploadEventImage } from '../api/upload-event-image';
import { eventFieldOf } from '../event-field-errors';
import { EventImageField, type PendingImage } from './event-image-field';

/** A wall time's date (`2026-12-15`) and time (`19:30`) apart; either may be blank. */
const splitLocal = (value: string) => ({ date: value.slice(0, 10), time: value.slice(11, 16) });

type Props = {
  /** The event edited; absent when creating. */
  row?: EventRecord;
  /** Saved, or cancelled where no `onCancel` is given. */
  onDone: () => void;
  onCancel?: () => void;
  /** The site's time zone, for a new event's times; an existing event names its own. */
  siteTimeZone: string | undefined;
};

/**
 * Create or edit an event. Start and end are wall-clock times in the site's time zone, typed in
 * the screen language's order; an all-day event takes dates. A refused save keeps
 * every value typed and shows the server's sentence beside its field.
 */
export function EventForm({ row, onDone, onCancel = onDone, siteTimeZone }: Props) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'el';
  const form = useZodForm(eventBodySchema, {
    defaultValues: {
      title: row?.title ?? '',
      startsLocal: row?.startsLocal ?? '',
      endsLocal: row?.endsLocal ?? '',
      allDay: row?.allDay ?? false,
      place: row?.place ?? '',
      description: row?.description ?? '',
      capacity: row?.capacity === null || row?.capacity === undefined ? '' : String(row.capacity),
      rsvpEnabled: row?.rsvpEnabled ?? false,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const allDay = form.watch('allDay') ?? false;
  // The times an all-day switch set aside, brought back when it is turned off again.
  const keptTimes = useRef({ start: '', end: '' });
  const [error, setError] = useState<string>();
  // A picture chosen before the event exists is sent once it is created.
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const uploadImage = useUploadEventImage();
  const texts = saveTexts(t, 'events');
  // A new event's times are in the site's zone as well: said before they are typed.
  const timeZone = row?.timeZone ?? siteTimeZone;

  const setAllDay = (isAllDay: boolean) => {
    const start = splitLocal(form.getValues('startsLocal'));
    const end = splitLocal(form.getValues('endsLocal'));
    if (isAllDay) {
      keptTimes.current = { start: start.time, end: end.time };
      form.setValue('startsLocal', start.date);
      form.setValue('endsLocal', end.date);
    } else {
      // Without times set aside, the days stay whole: from the first's start to the last's end.
      const withTime = (date: string, time: string) => (date ? `${date}T${time}` : '');
      form.setValue('startsLocal', withTime(start.date, keptTimes.current.start || '00:00'));
      form.setValue('endsLocal', withTime(end.date, keptTimes.current.end || '23:59'));
    }
    // Compared with how the form opened, so the switch turned back is no change.
    form.setValue('allDay', isAllDay, { shouldDirty: true });
    form.clearErrors(['startsLocal', 'endsLocal']);
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setError(undefined);
    try {
      if (row) {
        await updateEvent.mutateAsync({ id: row._id, body });
      } else {
        const created = await createEvent.mutateAsync(body);
        if (pendingImage) {
          await uploadImage.mutateAsync({ id: created._id, file: pendingImage.file }).catch((caught: unknown) => {
            toast.error(getErrorMessage(caught, t('events.imageError')));
          });
        }
      }
      toast.success(row ? texts.updated : texts.created);
      onDone();
    } catch (caught) {
      const sentence = row
        ? getErrorMessage(caught, texts.updateError, texts.updateTransportError)
        : getErrorMessage(caught, texts.createError, texts.createTransportError);
      const isRefused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
      const field = isRefused ? eventFieldOf(sentence, language) : undefined;
      if (field) form.setError(field, { message: sentence }, { shouldFocus: true });
      else setError(sentence);
    }
  });

  const timeLabels = allDay
    ? { startsLocal: t('events.firstDay'), endsLocal: t('events.lastDay') }
    : { startsLocal: t('events.starts'), endsLocal: t('events.ends') };
  return (
    <ResourceForm
      error={error}
      isBusy={isSubmitting}
      // A picture waiting for the event to be created is a change too.
      isDirty={isDirty || pendingImage !== null}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextField label={t('events.eventTitle')} error={errors.title?.message} {...form.register('title')} />
      <SwitchField label={t('events.allDay')} checked={allDay} onChange={setAllDay} />
      <div className="grid gap-4 sm:grid-cols-2">
        {(['startsLocal', 'endsLocal'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <DateField
                withTime={!allDay}
                ref={field.ref}
                label={timeLabels[name]}
                value={field.value ?? ''}
                onChange={field.onChange}
                onUnreadable={field.onChange}
                error={errors[name]?.message}
              />
            )}
          />
        ))}
      </div>
      {/* An all-day event has dates only: no time for a zone to shift. */}
      {timeZone && !allDay && (
        <p className="-mt-2 text-xs text-slate-600">{t('events.timeZoneNote', { zone: timeZone })}</p>
      )}
      <TextField label={t('events.placeOptional')} error={errors.place?.message} {...form.register('place')} />
      <Field id="event-description" label={t('events.descriptionOptional')} error={errors.description?.message}>
        <textarea
          rows={5}
          {...describedBy('event-description', errors.description?.message)}
          className={`px-3 py-2 ${inputLooks(errors.description?.message)}`}
          {...form.register('description')}
        />
        <p className="text-xs text-slate-600">{t('events.descriptionHint')}</p>
      </Field>
      <TextField
        type="number"
        inputMode="numeric"
        min={1}
        max={EVENT_CAPACITY_MAX}
        step={1}
        label={t('events.capacityOptional')}
        placeholder={t('events.noLimit')}
        error={errors.capacity?.message}
        {...form.register('capacity')}
      />
      <Controller
        control={form.control}
        name="rsvpEnabled"
        render={({ field }) => (
          <SwitchField label={t('events.rsvpEnabled')} checked={Boolean(field.value)} onChange={field.onChange} />
        )}
      />
      <EventImageField event={row} pending={pendingImage} onPending={setPendingImage} />
    </ResourceForm>
  );
}
