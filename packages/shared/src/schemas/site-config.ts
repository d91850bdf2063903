import { z } from 'zod';

/** What the browser needs to know about this installation, served without a token. */
export const siteConfigSchema = z.object({
  /** Set when Google sign-in is enabled. */
  googleClientId: z.string().nullable(),
  site: z.object({
    name: z.string(),
    logoUrl: z.string(),
    facebookUrl: z.string(),
    instagramUrl: z.string(),
    youtubeUrl: z.string(),
    calendarId: z.string(),
    visionUrl: z.string(),
    credit: z.string(),
    /** Where events' wall-clock times are (SITE_TIME_ZONE), for the forms that ask for them. */
    timeZone: z.string(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
