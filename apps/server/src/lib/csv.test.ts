import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from './csv.js';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+31 6 1234', "'+31 6 1234"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tcmd', "'\tcmd"],
    ['=1,2', `"'=1,2"`],
    [null, ''],
    [42, '42'],
  ])('writes %j as %s: RFC 4180 quoting, formulas defused', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends lines with CRLF and starts the file with a byte-order mark', async () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
    async function* batches() {
      yield [{ n: 1 }, { n: 2 }];
      yield [{ n: 3 }];
    }
    let text = '';
    for await (const chunk of csvStream(['n'], batches(), (row) => [row.n])) text += String(chunk);
    expect(text).toBe('\uFEFFn\r\n1\r\n2\r\n3\r\n');
  });
});
