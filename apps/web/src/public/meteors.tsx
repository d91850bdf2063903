import { Heart, Music, Sparkles, Star, Sun } from 'lucide-react';

const ICONS = [Star, Sparkles, Heart, Music, Sun];
const METEOR_COUNT = 25;

/** Spread over the width and over time with a fixed pattern, so every visit looks the same. */
const meteors = Array.from({ length: METEOR_COUNT }, (_, i) => ({
  Icon: ICONS[i % ICONS.length]!,
  left: `${(i * 37) % 100}%`,
  delay: `${((i * 7) % 25) * 0.6}s`,
  duration: `${6 + ((i * 5) % 7)}s`,
  size: 12 + ((i * 3) % 4) * 4,
}));

/** Decoration only: hidden from assistive technology, still when motion is reduced. */
export function Meteors() {
  return (
    <div className="meteors" aria-hidden="true" data-testid="meteors">
      {meteors.map(({ Icon, left, delay, duration, size }, i) => (
        <span key={i} className="meteor" style={{ left, animationDelay: delay, animationDuration: duration }}>
          <Icon width={size} height={size} />
        </span>
      ))}
    </div>
  );
}
