import { z } from 'zod';

/** What the browser needs to know about this installation, served without a token. */
export const siteConfigSchema = z.object({
  /** Set when Google sign-in is enabled. */
  googleClientId: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
