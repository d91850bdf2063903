import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type MfaStatus } from '@community/shared';
import { api } from '../../../lib/api-client';
import { mfaKeys } from './keys';

/** My second factors, and whether the policy asks me to enrol one before anything else. */
export const getMfaStatus = (signal?: AbortSignal) => api<MfaStatus>('GET', apiRoutes.mfa, { signal });

export const getMfaStatusQueryOptions = () =>
  queryOptions({ queryKey: mfaKeys.status(), queryFn: ({ signal }) => getMfaStatus(signal) });

/** `enabled: false` for those it does not concern (the enrolment check reads it for administrators only). */
export const useMfaStatus = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getMfaStatusQueryOptions(), enabled });
