import { useEffect, useRef } from 'react';
import { NavLink } from '@client/components/link';
import { House, LogOut, Presentation, Star, Timer, User, Volleyball } from '@client/components/icons';
import { useSignOut } from '@client/lib/auth';
import { useTheme } from '@client/lib/theme';
import { afterFirstPaint } from './after-first-paint';

// The player and its engine load once the page has painted.
const PodcastPlayer = afterFirstPaint(
  'podcast player',
  () => import('@client/features/podcast'),
  (module) => module.PodcastPlayer,
);

const LINKS = [
  { to: '/', label: 'Home', end: true, icon: House },
  { to: '/sports', label: 'Sports', end: false, icon: Volleyball },
  { to: '/fantasy', label: 'Fantasy', end: true, icon: Star },
  { to: '/fantasy/leagues', label: 'Leagues', end: false, icon: Timer },
  { to: '/slideshow', label: 'Slideshow', end: false, icon: Presentation },
  { to: '/profile', label: 'Profile', end: false, icon: User },
] as const;

export interface SidebarProps {
  open: boolean;
  /** Below 1024 px the sidebar floats over the page with a backdrop. */
  overlay: boolean;
  onClose: () => void;
}

/** Title, navigation, the podcast player's place, the theme control and Logout. */
export function Sidebar({ open, overlay, onClose }: SidebarProps) {
  const signOut = useSignOut();
  const { theme, setTheme } = useTheme();
  const panel = useRef<HTMLElement>(null);

  // The overlay behaves like a dialog: Escape closes it, focus moves into it (the layout makes the
  // rest inert) and goes back to what opened it (the menu button) when it closes.
  useEffect(() => {
    if (!overlay || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const sidebar = panel.current;
    sidebar?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      if (!active || active === document.body || sidebar?.contains(active)) opener?.focus();
    };
  }, [overlay, open, onClose]);

  return (
    <>
      {overlay && open ? (
        <div
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-30 bg-slate-950/50 backdrop-blur-[1px] lg:hidden"
        />
      ) : null}
      <aside
        ref={panel}
        id="app-sidebar"
        aria-label="Sidebar"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white duration-300 dark:border-slate-800 dark:bg-slate-900 ${
          // Opening: visible at once (so focus can move in); closing: hidden only after the slide.
          open
            ? 'visible translate-x-0 transition-[translate]'
            : 'invisible -translate-x-full transition-[translate,visibility]'
        } ${overlay ? 'shadow-2xl' : ''}`}
      >
        <div className="flex h-16 items-center gap-2 border-b border-slate-200 px-5 dark:border-slate-800">
          <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          <span className="text-lg font-bold tracking-tight">Tech Touchdown</span>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isActive
                        ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100'
                        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                    }`
                  }
                >
                  <link.icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <PodcastPlayer />
          </div>
        </nav>
        <div className="flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
          <div
            role="group"
            aria-label="Theme"
            className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {(['light', 'dark'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={theme === option}
                onClick={() => setTheme(option)}
                className={`rounded-md px-2 py-1.5 text-sm font-medium capitalize transition-colors ${
                  theme === option
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
                }`}
              >
                {option === 'light' ? 'Light' : 'Dark'}
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => void signOut()}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-red-950/40 dark:hover:text-red-300"
          >
            <LogOut aria-hidden="true" className="h-5 w-5" />
            Logout
          </button>
        </div>
      </aside>
    </>
  );
}
