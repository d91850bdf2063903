import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** What a screen may add to a feature's mutation hook: its own onSuccess, onError and the like. */
export type MutationConfig<Call extends (variables: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Call>>, Error, Parameters<Call>[0]>,
  'mutationFn'
>;

/**
 * A mutation that refreshes the queries under `invalidates` when it succeeds. It counts as done
 * (toasts, dialogs closing) only once they are refreshed and the screen's own onSuccess has run,
 * so a list already shows the change when the toast says so.
 */
export function useInvalidatingMutation<Data, Variables>(
  call: (variables: Variables) => Promise<Data>,
  invalidates: QueryKey,
  { onSuccess, onError, ...config }: Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  // A read still on its way may have been made before the change: invalidating alone would wait
  // for it when the screen has nothing yet (a first load), and show what it read. Cancelled, it is
  // made again after the change.
  const refresh = async () => {
    await queryClient.cancelQueries({ queryKey: invalidates });
    await queryClient.invalidateQueries({ queryKey: invalidates });
  };
  return useMutation({
    ...config,
    mutationFn: call,
    onSuccess: (...args) => Promise.all([refresh(), onSuccess?.(...args)]),
    // Refused as made against an older version (412): what was read is read again, so the form
    // opened next starts from what someone else saved.
    onError: (error, ...rest) => {
      if (error instanceof ApiError && error.status === 412) void refresh();
      return onError?.(error, ...rest);
    },
  });
}
