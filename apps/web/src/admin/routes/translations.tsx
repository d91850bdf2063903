import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ForbiddenScreen, isForbidden } from '../../components/resource-list/forbidden-screen';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { UnsavedQuestion, useBlockLeaving } from '../../components/ui/unsaved-changes';
import { AddLanguageDialog } from '../../features/translations/components/add-language-dialog';
import { TranslationEditor } from '../../features/translations/components/translation-editor';
import { useGenerateTranslations } from '../../features/translations/api/generate-translations';
import { useLanguages } from '../../features/translations/api/get-languages';
import { useLanguageTranslation } from '../../features/translations/api/get-translation';
import { getErrorMessage } from '../../lib/api-client';
import { apiRoutes, dateTimeFormat } from '@community/shared';
import { useMay } from '../use-rights';

/** Saved since the last generation: the site serves the generated snapshot, not what was saved. */
const isUnpublished = (loaded: { updatedAt: string; lastGenerated: string | null } | null | undefined) =>
  loaded != null && (loaded.lastGenerated === null || Date.parse(loaded.updatedAt) > Date.parse(loaded.lastGenerated));

export function TranslationsRoute() {
  const { t, i18n } = useTranslation();
  const languages = useLanguages();
  const codes = languages.data?.translations?.map((translation) => translation.language) ?? [];
  const [chosen, setChosen] = useState<string>();
  const [added, setAdded] = useState<string[]>([]);
  const allCodes = [...codes, ...added.filter((code) => !codes.includes(code))];
  const lang = chosen ?? (codes.includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : codes[0]);
  const translation = useLanguageTranslation(lang);
  const [isAdding, setIsAdding] = useState(false);
  // Reading and regenerating share one call (the spec's); saving texts is a call of its own.
  const may = useMay();
  const mayEdit = may('PUT', apiRoutes.translations);
  const [isConfirmingGenerate, setIsConfirmingGenerate] = useState(false);
  // Unsaved edits are asked about before another language, another screen or closing the tab
  // throws them away; a save or a fresh editor starts clean.
  const [isEdited, setIsEdited] = useState(false);
  const [filter, setFilter] = useState('');
  // What waits for unsaved edits to be discarded: another language, or a Generate (which
  // publishes what is stored and shows it afresh).
  const [afterDiscard, setAfterDiscard] = useState<{ run: () => void }>();
  // Counts discards: the editor starts afresh from what is stored after each.
  const [discards, setDiscards] = useState(0);
  const blocker = useBlockLeaving(isEdited);
  const choose = (code: string) => {
    if (code === lang) return;
    if (isEdited) setAfterDiscard({ run: () => setChosen(code) });
    else setChosen(code);
  };
  const askGenerate = () => {
    if (isEdited) setAfterDiscard({ run: () => setIsConfirmingGenerate(true) });
    else setIsConfirmingGenerate(true);
  };

  const loaded = translation.data?.translation;
  const awaitingGenerate = translation.data?.awaitingGenerate ?? 0;

  const generate = useGenerateTranslations({
    mutationConfig: {
      onSuccess: () => {
        toast.success(t('translations.generated'));
        // The interface itself reads the published texts: show the new ones at once.
        return i18n.reloadResources();
      },
      onError: (error) => void toast.error(getErrorMessage(error, t('translations.generateError'))),
    },
  });

  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : t('translations.never'));

  if (isForbidden(languages.error))
    return (
      <ForbiddenScreen
        title={t('translations.title')}
        error={languages.error}
        fallback={t('translations.fetchError')}
      />
    );
  if (languages.isError)
    return <Alert tone="error">{getErrorMessage(languages.error, t('translations.fetchError'))}</Alert>;

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t('translations.title')}</h1>
        <div className="flex flex-wrap gap-2">
          {mayEdit && (
            <Button variant="secondary" onClick={() => setIsAdding(true)}>
              <Plus className="size-4" aria-hidden />
              {t('translations.addLanguage')}
            </Button>
          )}
          {mayEdit && (
            <Button variant="secondary" onClick={askGenerate} isBusy={generate.isPending}>
              <RefreshCw className="size-4" aria-hidden />
              {t('translations.generate')}
            </Button>
          )}
        </div>
      </div>

      <div role="group" aria-label={t('translations.languages')} className="flex flex-wrap gap-2">
        {languages.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
        {allCodes.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === lang}
            onClick={() => choose(code)}
            className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${code === lang ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
          >
            {code.toUpperCase()}
          </button>
        ))}
      </div>

      {lang && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt className="font-medium">{t('translations.lastGenerated')}:</dt>
            <dd>{when(loaded?.lastGenerated)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('translations.lastEdited')}:</dt>
            <dd>{when(loaded?.updatedAt)}</dd>
          </div>
        </dl>
      )}

      {translation.isError && (
        <Alert tone="error">{getErrorMessage(translation.error, t('translations.loadError'))}</Alert>
      )}
      {translation.isPending && lang && <p className="text-sm text-slate-600">{t('common.loading')}</p>}

      {may.isKnown && !mayEdit && <Alert tone="info">{t('translations.readOnly')}</Alert>}
      {mayEdit && isUnpublished(loaded) && <Alert tone="info">{t('translations.unpublished')}</Alert>}
      {awaitingGenerate > 0 && (
        <Alert tone="info">{t('translations.awaitingGenerate', { count: awaitingGenerate })}</Alert>
      )}
      {lang && !translation.isPending && !translation.isError && (
        <TranslationEditor
          // A fresh editor per language, per stored version (a save or a Generate) and per discard:
          // nothing of one leaks into another.
          key={`${lang}|${loaded?.updatedAt ?? 'new'}|${loaded?.lastGenerated ?? 'never'}|${discards}`}
          lang={lang}
          entries={loaded?.data.entries ?? {}}
          version={loaded?.updatedAt}
          onSaved={() => {
            setIsEdited(false);
            setAdded((list) => list.filter((code) => code !== lang));
          }}
          onEditedChange={setIsEdited}
          filter={filter}
          onFilter={setFilter}
          isReadOnly={!mayEdit}
        />
      )}

      <AddLanguageDialog
        isOpen={isAdding}
        existing={allCodes}
        onClose={() => setIsAdding(false)}
        onAdd={(code) => {
          setIsAdding(false);
          setAdded((list) => [...list, code]);
          choose(code);
        }}
      />
      <UnsavedQuestion
        isOpen={afterDiscard !== undefined || blocker.state === 'blocked'}
        onKeep={() => {
          setAfterDiscard(undefined);
          blocker.reset?.();
        }}
        onDiscard={() => {
          setIsEdited(false);
          setDiscards((count) => count + 1);
          afterDiscard?.run();
          setAfterDiscard(undefined);
          blocker.proceed?.();
        }}
        text={t('translations.unsavedText')}
      />
      <ConfirmDialog
        isOpen={isConfirmingGenerate}
        onCancel={() => setIsConfirmingGenerate(false)}
        onConfirm={() => {
          setIsConfirmingGenerate(false);
          generate.mutate();
        }}
        title={t('translations.generate')}
        text={t('translations.confirmGenerate')}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        tone="primary"
      />
    </section>
  );
}
