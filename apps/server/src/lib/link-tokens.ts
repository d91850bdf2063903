import crypto from 'node:crypto';

/** 256 random bits for a link sent by mail or a step of a sign-in: guessing one is hopeless. */
export const newLinkToken = () => crypto.randomBytes(32).toString('base64url');

/** Only this is stored: a copy of the database cannot be used to open anyone's link. */
export const hashLinkToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
