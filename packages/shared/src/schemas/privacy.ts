import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './common.js';

/** Everything stored about one person, table by table; secrets and hashes are left out. */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  person: z.object({ _id: z.string(), email: z.string() }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** An account made through Google has no password; its session is all it is asked for. */
export const deleteMyAccountBodySchema = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
});
export type DeleteMyAccountBody = z.infer<typeof deleteMyAccountBodySchema>;
