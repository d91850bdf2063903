import type { Locator } from '@playwright/test';

/** The text of an element as the browser laid it out, line by line. */
export function textLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = lines.at(-1);
        if (last && top <= last.top) last.text += node.textContent![i];
        else lines.push({ top, text: node.textContent![i]! });
      }
    return lines.map((line) => line.text);
  });
}
