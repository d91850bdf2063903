import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-format.js';

const fivePast5pm = new Date('2026-11-30T17:05:00Z');

describe('dateTimeFormat', () => {
  it('writes a time on the 24-hour clock in both languages, where the locales would write 5:05 μ.μ. and PM', () => {
    expect(dateTimeFormat('el', { timeStyle: 'short', timeZone: 'UTC' }).format(fivePast5pm)).toBe('17:05');
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' }).format(fivePast5pm)).toBe('17:05');
    expect(dateTimeFormat('el', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(fivePast5pm)).toBe(
      '30 Νοε 2026, 17:05',
    );
    expect(dateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(fivePast5pm)).toBe(
      '17:05',
    );
  });

  it('leaves a date alone and builds each formatter once', () => {
    expect(dateTimeFormat('el', { dateStyle: 'long', timeZone: 'UTC' }).format(fivePast5pm)).toBe('30 Νοεμβρίου 2026');
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('el', { dateStyle: 'medium' }));
  });
});
