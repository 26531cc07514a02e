import { MiniPlayer } from '@client/features/podcast';
import { useAuth, useSignOut } from '@client/lib/auth';
import { useTheme } from '@client/lib/theme';

export interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  isWide: boolean;
}

/** Menu button, the mini player's place, the user, Sign Out and the theme toggle. */
export function TopBar({ sidebarOpen, onToggleSidebar, isWide }: TopBarProps) {
  const { user } = useAuth();
  const signOut = useSignOut();
  const { theme, toggleTheme } = useTheme();
  if (!user) return null;
  const displayName = user.name || user.login;
  const menuLabel = isWide ? (sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar') : 'Open menu';

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/85">
      <button
        type="button"
        aria-label={menuLabel}
        aria-controls="app-sidebar"
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
      </button>
      <div className="min-w-0 flex-1">
        <MiniPlayer />
      </div>
      <button
        type="button"
        aria-label="Toggle theme"
        title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        onClick={toggleTheme}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {theme === 'dark' ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          >
            <circle cx="10" cy="10" r="3.5" />
            <path d="M10 2v2M10 16v2M2 10h2M16 10h2M4.3 4.3l1.4 1.4M14.3 14.3l1.4 1.4M4.3 15.7l1.4-1.4M14.3 5.7l1.4-1.4" />
          </svg>
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          >
            <path d="M16.5 12.5A7 7 0 017.5 3.5a7 7 0 109 9z" />
          </svg>
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
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Sign Out
      </button>
    </header>
  );
}
