import { Save } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useSettled } from '../../../lib/use-settled';
import { parseEntries, repeatedKeys, sameTexts, toEntries, toRows, type EntryRow } from '../entry-rows';
import { useUpdateTranslation } from '../api/update-translation';
import { EntriesTable } from './entries-table';

type Props = {
  lang: string;
  entries: Record<string, string>;
  /** The stored version `entries` are (their `updatedAt`): a save made over a newer one is refused. */
  version: string | undefined;
  onSaved: () => void;
  /**
   * Told whether the texts differ from what was stored, as they come to and stop: the screen
   * guards them meanwhile. Sorting the table or an empty row changes nothing that a save stores.
   */
  onEditedChange: (isEdited: boolean) => void;
  /** The table's filter, kept by the screen across saves and languages. */
  filter: string;
  onFilter: (filter: string) => void;
  /** For someone who may read the texts but not save them: shown, not edited, no Save. */
  isReadOnly: boolean;
};

const pretty = (entries: Record<string, string>) => JSON.stringify(entries, null, 2);
/** How long typing in the table pauses before the raw JSON shows it. */
const RAW_AFTER_MS = 300;

/** The key/value table and the raw JSON of one language; the table is what Save Changes stores. */
export function TranslationEditor({
  lang,
  entries,
  version,
  onSaved,
  onEditedChange,
  filter,
  onFilter,
  isReadOnly,
}: Props) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<EntryRow[]>(() => toRows(entries));
  // The raw editor's own text once it is focused or typed into, until the table next changes;
  // otherwise it shows the table.
  const [rawDraft, setRawDraft] = useState<string>();
  // Some 800 texts written out anew: once typing in the table pauses, not on every key.
  const settledRows = useSettled(rows, RAW_AFTER_MS);
  const tableAsJson = useMemo(() => pretty(toEntries(settledRows)), [settledRows]);
  const raw = rawDraft ?? tableAsJson;
  const [isRawInvalid, setIsRawInvalid] = useState(false);
  const save = useUpdateTranslation({
    mutationConfig: {
      onSuccess: () => {
        toast.success(t('translations.saved'));
        onSaved();
      },
      onError: (error) => void toast.error(getErrorMessage(error, t('translations.saveError'))),
    },
  });

  const changeRows = useCallback(
    (change: (rows: EntryRow[]) => EntryRow[]) => {
      setRows(change);
      setRawDraft(undefined);
    },
    [setRows, setRawDraft],
  );

  // The raw text, once typed into, holds everything; text that is not JSON is an edit too.
  const isEdited = useMemo(() => {
    const now = rawDraft !== undefined ? parseEntries(rawDraft) : toEntries(rows);
    return now === null || !sameTexts(now, entries);
  }, [rows, rawDraft, entries]);
  useEffect(() => onEditedChange(isEdited), [isEdited, onEditedChange]);

  // The raw text as it stands now, the table's latest change in it even before typing has paused.
  const rawNow = () => rawDraft ?? pretty(toEntries(rows));

  // Of two rows with one key only one text could be stored: nothing is saved until one goes, and
  // the filter shows the two.
  // The raw text, once typed into, is what is saved: read first, and nothing saved while it is not JSON.
  const saveRows = () => {
    if (rawDraft !== undefined) {
      const parsed = parseEntries(rawDraft);
      setIsRawInvalid(parsed === null);
      if (parsed === null) return void toast.error(t('translations.invalidJson'));
      setRows(toRows(parsed));
      return save.mutate({ lang, entries: parsed, version });
    }
    const [repeated] = repeatedKeys(rows);
    if (repeated === undefined) return save.mutate({ lang, entries: toEntries(rows), version });
    toast.error(t('translations.saveRepeated', { key: repeated }));
    onFilter(repeated);
  };

  const parseRaw = () => {
    const parsed = parseEntries(rawNow());
    setIsRawInvalid(parsed === null);
    if (parsed) setRows(toRows(parsed));
  };

  return (
    <>
      <EntriesTable rows={rows} onChange={changeRows} filter={filter} onFilter={onFilter} isReadOnly={isReadOnly} />
      <section aria-labelledby="raw-title" className="flex flex-col gap-2">
        <h2 id="raw-title" className="text-lg font-semibold text-slate-900">
          {t('translations.raw')}
        </h2>
        {isRawInvalid && <Alert tone="error">{t('translations.invalidJson')}</Alert>}
        <textarea
          value={raw}
          readOnly={isReadOnly}
          onFocus={() => setRawDraft(rawNow())}
          onChange={(event) => setRawDraft(event.target.value)}
          aria-label={t('translations.raw')}
          spellCheck={false}
          rows={10}
          className="w-full rounded-md border border-slate-300 p-3 font-mono text-xs read-only:bg-slate-50"
        />
        {!isReadOnly && (
          <div>
            <Button variant="secondary" onClick={parseRaw}>
              {t('translations.parse')}
            </Button>
          </div>
        )}
      </section>
      {!isReadOnly && (
        <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-slate-50/95 py-3">
          <Button onClick={saveRows} isBusy={save.isPending}>
            <Save className="size-4" aria-hidden />
            {t('translations.save')}
          </Button>
        </div>
      )}
    </>
  );
}
