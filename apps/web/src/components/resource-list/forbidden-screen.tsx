import { ApiError, getErrorMessage } from '../../lib/api-client';
import { Alert } from '../ui/alert';

/** Whether a list was refused to its reader, rather than failing. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** What someone without the right to a screen's list sees: its title and why, not controls they cannot use. */
export function ForbiddenScreen({ title, error, fallback }: { title: string; error: unknown; fallback: string }) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <Alert tone="error">{getErrorMessage(error, fallback)}</Alert>
    </section>
  );
}
