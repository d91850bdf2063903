import { describe, expect, it } from 'vitest';
import { toSitePath } from './site-path.js';

const ORIGIN = 'http://127.0.0.1:3000';

describe('toSitePath', () => {
  it.each([
    ['/admin/users?page=1#top', '/admin/users?page=1#top'],
    ['/events/../about', '/about'],
    ['/./contact', '/contact'],
  ])('keeps %s as %s', (value, path) => {
    expect(toSitePath(value, ORIGIN)).toBe(path);
  });

  it.each([
    '//evil.test/steal',
    '/\\evil.test/steal',
    '/\t/evil.test',
    'https://evil.test/',
    'evil.test',
    '/.//evil.test/steal',
    '/%2e//evil.test/steal',
    '/admin/..//evil.test/steal',
    '/a/../..//evil.test',
    '/./\\evil.test',
  ])('refuses %s, which a browser would follow to another host', (value) => {
    expect(toSitePath(value, ORIGIN)).toBeNull();
  });
});
