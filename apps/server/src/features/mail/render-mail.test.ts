import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail.js';

const frame = { siteName: 'Κοινότητα', publicUrl: 'https://community.example', timeZone: 'Europe/Athens' };

describe('renderMail', () => {
  it('keeps a heading as written in the text part: Greek capitals carry no accents', async () => {
    const props = { name: 'Μαρία', link: 'https://community.example/admin/reset-password?token=t' };
    const greek = await renderMail('passwordReset', props, { ...frame, language: 'el' });
    expect(greek.text).toContain('Επαναφορά κωδικού');
    expect(greek.text).not.toContain('ΕΠΑΝΑΦΟΡ');
    const english = await renderMail('passwordReset', props, { ...frame, language: 'en' });
    expect(english.text).toContain('Reset your password');
    expect(english.text).toContain(props.link);
  });

  it("writes a time in the community's time zone, on a 24-hour clock in both languages", async () => {
    const props = { link: 'https://community.example/admin/invite?token=t', inviterName: 'Μαρία' };
    const expiresAt = new Date('2026-12-15T17:30:00Z');
    const athens = await renderMail('invite', { ...props, expiresAt }, { ...frame, language: 'el' });
    expect(athens.text).toContain('Ο σύνδεσμος ισχύει έως 15 Δεκεμβρίου 2026 στις 19:30.');
    const newYork = { ...frame, timeZone: 'America/New_York' };
    const greek = await renderMail('invite', { ...props, expiresAt }, { ...newYork, language: 'el' });
    expect(greek.text).toContain('Ο σύνδεσμος ισχύει έως 15 Δεκεμβρίου 2026 στις 12:30.');
    const english = await renderMail('invite', { ...props, expiresAt }, { ...newYork, language: 'en' });
    expect(english.text).toContain('The link works until 15 December 2026 at 12:30.');
  });
});
