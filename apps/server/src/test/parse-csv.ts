/** RFC 4180 rows as a spreadsheet reads them: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  while (at < text.length) {
    const char = text[at]!;
    const next = text[at + 1];
    at += 1;
    if (isQuoted) {
      if (char === '"' && next === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && next === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
