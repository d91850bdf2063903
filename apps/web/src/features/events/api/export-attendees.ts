import { useMutation } from '@tanstack/react-query';
import { eventPaths } from '@community/shared';
import { download } from '../../../lib/api-client';
import { exportSearch, type ListParams } from '../../../lib/list-query';

/** Everyone going to the event whom the search matches, saved as a CSV file. */
export const exportAttendees = (id: string, params: ListParams) =>
  download(`${eventPaths.attendeesCsv(id)}?${exportSearch(params)}`, 'attendees.csv');

export const useExportAttendees = (id: string) =>
  useMutation({ mutationFn: (params: ListParams) => exportAttendees(id, params) });
