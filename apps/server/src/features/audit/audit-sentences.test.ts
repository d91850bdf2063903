import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '..');
const locales = path.resolve(import.meta.dirname, '../../../../web/src/locales');

/** Every action name the server writes: a dotted literal beginning with a kind of entry. */
function actionsWritten(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = fs.readFileSync(full, 'utf8');
        // `action: '…'`, `refuse('…'`, and the actions chosen by a condition (`? 'event.publish' : …`).
        for (const match of source.matchAll(/(?:action: |refuse\(|\? |: |, )'([a-z_]+(?:\.[a-z_-]+)+)'/g)) {
          if (isAuditAction(match[1]!)) found.add(match[1]!);
        }
      }
    }
  };
  visit(features);
  return [...found].sort();
}

const KINDS =
  /^(?:auth|session|user|role|user_role|permission|client_permission|invite|translation|profile|image|contact|event|mfa|privacy)\./;
const isAuditAction = (name: string) => KINDS.test(name) && !name.endsWith('.ts');

const lookUp = (texts: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('the audit log in words', () => {
  const written = actionsWritten();

  it('finds the actions the server writes', () => {
    expect(written).toEqual(expect.arrayContaining(['auth.login.failure', 'event.publish', 'invite.approve']));
  });

  it.each(['en', 'el'])('has a sentence in %s for every action, and a name for every kind', (language) => {
    const texts = JSON.parse(fs.readFileSync(path.join(locales, `${language}.json`), 'utf8'));
    const missing = written.filter((action) => typeof lookUp(texts, `audit.actions.${action}`) !== 'string');
    expect(missing).toEqual([]);
    const kinds = new Set(written.map((action) => action.split('.')[0]!));
    expect([...kinds].filter((kind) => typeof lookUp(texts, `audit.groups.${kind}`) !== 'string')).toEqual([]);
  });
});
