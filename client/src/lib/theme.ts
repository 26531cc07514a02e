import { atom, useAtom, useSetAtom } from '@client/lib/store';

export type Theme = 'light' | 'dark';

/**
 * localStorage key of the chosen theme. The inline script in index.html reads it before first paint,
 * so the value stays the raw string 'light' or 'dark', not JSON (which is why this is not an
 * atomWithValidatedStorage).
 */
export const THEME_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** The stored preference, else the system's. */
export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (isTheme(stored)) return stored;
  } catch (error) {
    console.warn('theme: could not read the stored theme', error);
  }
  return systemTheme();
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** null: not read yet in this store, so storage (or the system) decides. */
const chosenAtom = atom<Theme | null>(null);

/**
 * The page's theme. Writing it stores the choice and repaints the document; while mounted it follows
 * other tabs (the `storage` event fires in every other tab of this origin when one writes).
 */
export const themeAtom = atom(
  (get) => get(chosenAtom) ?? initialTheme(),
  (_get, set, next: Theme) => {
    set(chosenAtom, next);
    applyTheme(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch (error) {
      console.warn('theme: could not store the theme', error);
    }
  },
);

chosenAtom.onMount = (setChosen) => {
  const theme = initialTheme();
  setChosen(theme);
  applyTheme(theme);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY && isTheme(event.newValue)) {
      setChosen(event.newValue);
      applyTheme(event.newValue);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeAtom, get(themeAtom) === 'dark' ? 'light' : 'dark');
});

export interface ThemeValue {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

/** The theme and its setters. */
export function useTheme(): ThemeValue {
  const [theme, setTheme] = useAtom(themeAtom);
  const toggleTheme = useSetAtom(toggleThemeAtom);
  return { theme, setTheme, toggleTheme };
}
