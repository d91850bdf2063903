import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type DeleteMyAccountBody } from '@community/shared';
import { api } from '../../../lib/api-client';

/** Deletes the signed-in person's account; every session of theirs ends with it. */
export const deleteMyAccount = (body: DeleteMyAccountBody) =>
  api<{ message: string }>('POST', apiRoutes.deleteMyAccount, { body });

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
