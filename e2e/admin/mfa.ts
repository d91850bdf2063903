import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { callApi, expect, signInThroughApi, tokenOf } from '../fixtures';

/** Pictures of the second-factor screens, to look at; kept outside the test results. */
export const SHOTS_DIR = '/tmp/mfa-shots';

export async function snap(target: Page | Locator, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });

/** The code an authenticator app shows `stepsAhead` steps of 30 s from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  totpOf(secret).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** A code that is right at no step the server accepts now. */
export function wrongCode(secret: string) {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, steps)));
  return ['000000', '111111', '222222'].find((code) => !near.has(code))!;
}

/**
 * Sets up an authenticator app through the API, as the person would on the Security card; the
 * code used to confirm it is the current one, so a sign-in right after needs the next.
 */
export async function enrolTotp(baseURL: string, email: string, password = 'member-password') {
  const token = await tokenOf(baseURL, email, password);
  const { secret } = await callApi<{ secret: string }>(baseURL, token, 'POST', '/api/auth/mfa/totp', {});
  const { recoveryCodes } = await callApi<{ recoveryCodes: string[] }>(
    baseURL,
    token,
    'POST',
    '/api/auth/mfa/totp/confirm',
    {
      code: totpCode(secret),
    },
  );
  return { secret, recoveryCodes };
}

/** What a password sign-in answers through the API: signed in, or a second step to go. */
export const apiSignIn = (baseURL: string, email: string, password = 'member-password') =>
  signInThroughApi(baseURL, email, password);

/** The first step of the sign-in screen, for an account that then asks for its second factor. */
export async function enterPassword(page: Page, email: string, password = 'member-password', next?: string) {
  await page.goto(next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

/**
 * Chromium's virtual authenticator (CDP): a platform authenticator with resident keys that
 * verifies its user and answers without a touch, so passkey ceremonies run unattended.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
