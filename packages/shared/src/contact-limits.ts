/**
 * How long a contact message's fields may be, in characters once trimmed: the schema refuses
 * more, and the public form counts toward them. A module of its own, free of zod, so the public
 * site's script can read them without the schemas.
 */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;
