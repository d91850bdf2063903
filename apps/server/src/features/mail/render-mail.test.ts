import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail.js';

const frame = { siteName: 'Κοινότητα', publicUrl: 'https://community.example' };

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
});
