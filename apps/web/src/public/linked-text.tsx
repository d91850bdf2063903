import type { ReactNode } from 'react';

const WEB_ADDRESS = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that closes a sentence around an address rather than belonging to it. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '»', ')', ']']);

function withoutTrailing(text: string) {
  let end = text.length;
  while (end > 0 && TRAILING.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

const isWebAddress = (text: string) => {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Plain text as React elements: web addresses become links, everything else stays text (markup
 * included); line breaks are kept by the caller's `white-space`.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let shown = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = withoutTrailing(match[0]);
    if (!isWebAddress(address)) continue;
    parts.push(text.slice(shown, match.index));
    parts.push(
      <a
        key={match.index}
        href={address}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all text-brand-700 underline"
      >
        {address}
      </a>,
    );
    shown = match.index + address.length;
  }
  parts.push(text.slice(shown));
  return <>{parts}</>;
}
