import { Menu, Moon, Sun } from '@client/components/icons';
import { useAuth, useSignOut } from '@client/lib/auth';
import { useTheme } from '@client/lib/theme';
import { afterFirstPaint } from './after-first-paint';

// The player's engine, the score feed and its socket load once the page has painted.
const MiniPlayer = afterFirstPaint(
  'mini player',
  () => import('@client/features/podcast'),
  (module) => module.MiniPlayer,
);
const loadGameDay = () => import('./game-day');
const GameDayControls = afterFirstPaint(
  'game-day controls',
  loadGameDay,
  (module) => module.GameDayControls,
  // The settings button's size, so the controls beside it keep their place.
  <div aria-hidden="true" className="h-9 w-9 shrink-0" />,
);
const GameDayAlerts = afterFirstPaint('game-day alerts', loadGameDay, (module) => module.GameDayAlerts);

export interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  isWide: boolean;
}

/**
 * Menu button, the mini player's place, the game-day controls, the theme toggle, the user and Sign
 * Out. The game-day alerts' toasts sit beside it, outside the header (whose blur would otherwise
 * hold their fixed position).
 */
export function TopBar({ sidebarOpen, onToggleSidebar, isWide }: TopBarProps) {
  const { user } = useAuth();
  const signOut = useSignOut();
  const { theme, toggleTheme } = useTheme();
  if (!user) return null;
  const displayName = user.name || user.login;
  const menuLabel = isWide ? (sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar') : 'Open menu';

  return (
    <>
      <header className="sticky top-0 z-20 flex h-16 items-center gap-1.5 border-b border-slate-200 bg-white/85 px-3 backdrop-blur sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/85">
        <button
          type="button"
          aria-label={menuLabel}
          aria-controls="app-sidebar"
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
        {/* Never narrower than its play button, which would otherwise slide under the next control. */}
        <div className="min-w-11 flex-1">
          <MiniPlayer />
        </div>
        <GameDayControls />
        <button
          type="button"
          aria-label="Toggle theme"
          title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggleTheme}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {theme === 'dark' ? (
            <Sun aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Moon aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
        <div className="flex min-w-0 items-center gap-2">
          <img
            src={user.avatar_url}
            alt=""
            width={32}
            height={32}
            className="h-8 w-8 shrink-0 rounded-full bg-slate-200 dark:bg-slate-700"
          />
          <span className="max-w-[7rem] truncate text-sm font-medium sm:max-w-[12rem]">{displayName}</span>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Sign Out
        </button>
      </header>
      <GameDayAlerts />
    </>
  );
}
