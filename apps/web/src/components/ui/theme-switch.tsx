import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Light, dark or system (the device's), as three pressed-or-not buttons; the texts come from the app. */
export function ThemeSwitch({ label, names }: { label: string; names: Record<ThemeChoice, string> }) {
  const [choice, choose] = useThemeChoice();
  return (
    <div role="group" aria-label={label} className="flex overflow-hidden rounded-md border border-slate-300">
      {THEME_CHOICES.map((option) => {
        const Icon = ICONS[option];
        const isChosen = choice === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={isChosen}
            aria-label={names[option]}
            title={names[option]}
            onClick={() => choose(option)}
            className={`px-1.5 py-1 ${isChosen ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-100'}`}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
