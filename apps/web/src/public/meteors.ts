import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Heart, Music, Sparkles, Star, Sun } from 'lucide-react';

/**
 * The public site's falling meteors, made at build time: an empty element each in the page's
 * HTML, and everything they look like in the stylesheet. Every page view downloads its HTML
 * afresh, while the stylesheet is cached for a year, so the HTML carries 25 tags of a few bytes.
 */

const ICONS = [Star, Sparkles, Heart, Music, Sun];
const METEOR_COUNT = 25;

/** Spread over the width and over time with a fixed pattern, so every visit looks the same. */
const meteors = Array.from({ length: METEOR_COUNT }, (_, i) => ({
  icon: i % ICONS.length,
  left: `${(i * 37) % 100}%`,
  delay: `${(((i * 7) % 25) * 6) / 10}s`,
  duration: `${6 + ((i * 5) % 7)}s`,
  size: `${12 + ((i * 3) % 4) * 4}px`,
}));

/** Decoration only: hidden from assistive technology, and from sight until the app has drawn. */
export const meteorsHtml = () =>
  `<div class="meteors" aria-hidden="true" data-testid="meteors">${'<i class="meteor"></i>'.repeat(METEOR_COUNT)}</div>`;

/** An icon's outline as a mask: its strokes let the meteor's colour through, so the theme colours it. */
function iconMask(Icon: (typeof ICONS)[number]): string {
  const svg = renderToStaticMarkup(createElement(Icon, { color: '#000' }));
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** Where each meteor falls, when, how fast, how large, and which icon it is. */
export function meteorsCss(): string {
  const icons = ICONS.map((Icon, i) => `--meteor-icon-${i}:${iconMask(Icon)};`).join('');
  const each = meteors.map(
    ({ icon, left, delay, duration, size }, i) =>
      `.meteor:nth-child(${i + 1}){left:${left};animation-delay:${delay};animation-duration:${duration};` +
      `width:${size};height:${size};mask-image:var(--meteor-icon-${icon})}`,
  );
  return [`.meteors{${icons}}`, ...each].join('\n');
}
