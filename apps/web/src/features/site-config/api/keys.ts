export const siteConfigKeys = { all: ['site-config'] as const };
