import { z } from 'zod';

export const MAX_PROFILE_IMAGE_BYTES = 1024 * 1024;

export const uploadResponseSchema = z.object({
  message: z.string(),
  filePaths: z.array(z.object({ path: z.string() })),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
