// Draws every mail in Greek and English as screenshots into docs/screenshots/mail:
// to look at a template while changing it. Uses the built server (run `npm run build` first).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { renderMail } = await import(path.join(root, 'apps/server/dist/features/mail/render-mail.js'));
const out = path.join(root, 'docs/screenshots/mail');
fs.mkdirSync(out, { recursive: true });

const site = 'https://community.example';
const inTwoDays = new Date(Date.now() + 48 * 3600_000);
const SAMPLES = {
  invite: { link: `${site}/admin/invite?token=SAMPLE`, expiresAt: inTwoDays, inviterName: 'Μαρία Παπαδοπούλου' },
  confirmEmail: { name: 'Γιώργος Νέος', link: `${site}/admin/confirm-email?token=SAMPLE` },
  approved: { name: 'Γιώργος Νέος' },
  rejected: { name: 'Γιώργος Νέος' },
  passwordChanged: { name: 'Γιώργος Νέος' },
  passwordReset: { name: 'Γιώργος Νέος', link: `${site}/admin/reset-password/SAMPLE` },
  secondFactorChanged: { change: 'An authenticator app was set up' },
  contactMessage: { name: 'Ελένη', email: 'eleni@example.com', message: 'Πότε είναι η επόμενη συνέλευση;\nΕυχαριστώ!' },
  contactReply: {
    name: 'Ελένη',
    reply: 'Την Πέμπτη στις 19:00, στο πολιτιστικό κέντρο.\nΣας περιμένουμε!',
    original: 'Πότε είναι η επόμενη συνέλευση;',
    sentAt: new Date(),
  },
  accountDeleted: { name: 'Γιώργος Νέος' },
};

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage({ viewport: { width: 640, height: 800 } });
for (const [kind, props] of Object.entries(SAMPLES)) {
  for (const language of ['el', 'en']) {
    const mail = await renderMail(kind, props, { language, siteName: 'Κοινότητα', publicUrl: site });
    const name = `${kind}-${language}`;
    await page.setContent(mail.html);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
    console.log(`${name}: ${mail.subject}`);
  }
}
await browser.close();
