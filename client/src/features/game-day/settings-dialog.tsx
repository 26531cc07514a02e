import { useAtom } from '@client/lib/store';
import { useId, useState, type ReactNode } from 'react';
import { BellRing } from '@client/components/icons';
import { findTeam, LEAGUE_KEYS, type LeagueKey } from '@shared/data/teams';
import { buttonClass } from '@client/components/button';
import { Dialog } from '@client/components/dialog';
import {
  ALERT_KINDS,
  DELAY_CHOICES_S,
  delayLabel,
  gameDaySettingsAtom,
  type AlertKind,
  type GameDaySettings,
  type TeamRef,
} from '@client/lib/game-day-settings';
import {
  notificationState,
  requestNotificationPermission,
  type NotificationState,
} from './desktop-notifications';

const ALERT_LABELS: Record<AlertKind, string> = {
  started: 'Game starts',
  scored: 'Every score',
  leadChanged: 'Lead changes',
  final: 'Finals',
};

const NOTIFICATION_TEXTS: Record<Exclude<NotificationState, 'default'>, string> = {
  granted: 'Desktop notifications are on.',
  denied: "Desktop notifications are blocked: allow them in this browser's site settings.",
  unsupported: "This browser can't show desktop notifications.",
};

export interface GameDaySettingsProps {
  /** The fan's favourite teams: short names per league. */
  favourites: Record<LeagueKey, string[]>;
}

/**
 * Which changes alert, which favourite teams are muted, how far behind live scores, alerts and chat
 * are held, whether scores are hidden, and desktop notifications. Every change is saved at once and
 * shows in the app's other tabs.
 */
export function GameDaySettingsDialog({
  open,
  onClose,
  favourites,
}: GameDaySettingsProps & { open: boolean; onClose: () => void }) {
  const [settings, setSettings] = useAtom(gameDaySettingsAtom);
  const update = (patch: Partial<GameDaySettings>) => setSettings({ ...settings, ...patch });
  const teams = favouriteTeamList(favourites);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Game-day settings"
      description="Alerts for your teams, and a delay that keeps scores, alerts and chat in step with your stream."
      closeLabel="Close game-day settings"
      footer={
        <button type="button" onClick={onClose} className={buttonClass('primary')}>
          Done
        </button>
      }
    >
      <div className="space-y-6">
        <Section legend="Alert me about">
          {ALERT_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={ALERT_LABELS[kind]}
              checked={settings.alerts[kind]}
              onChange={(checked) => update({ alerts: { ...settings.alerts, [kind]: checked } })}
            />
          ))}
        </Section>

        <Section legend="Mute a team" hint="A muted team's games never alert.">
          {teams.length === 0 ? (
            <p className="py-2 text-sm text-slate-600 dark:text-slate-400">
              Pick favourite teams on the home page to get alerts for their games.
            </p>
          ) : (
            teams.map((team) => (
              <Switch
                key={team.ref}
                label={team.name}
                checked={settings.mutedTeams.includes(team.ref)}
                onChange={(muted) =>
                  update({
                    mutedTeams: muted
                      ? [...settings.mutedTeams, team.ref]
                      : settings.mutedTeams.filter((ref) => ref !== team.ref),
                  })
                }
              />
            ))
          )}
        </Section>

        <Section
          legend="Delay"
          hint="Hold scores, alerts and other fans' chat this long, to match your stream."
        >
          <div className="flex flex-wrap gap-2 pt-1">
            {DELAY_CHOICES_S.map((seconds) => (
              <label key={seconds} className="cursor-pointer">
                <input
                  type="radio"
                  name="game-day-delay"
                  value={seconds}
                  checked={settings.delaySeconds === seconds}
                  onChange={() => update({ delaySeconds: seconds })}
                  className="peer sr-only"
                />
                <span className="inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:bg-slate-100 peer-checked:hover:bg-brand-700 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800">
                  {delayLabel(seconds)}
                </span>
              </label>
            ))}
          </div>
        </Section>

        <Section legend="Spoilers">
          <Switch
            label="Hide scores"
            hint="Scores show as – until you reveal a game."
            checked={settings.hideScores}
            onChange={(hideScores) => update({ hideScores })}
          />
        </Section>

        <Section legend="Desktop notifications" hint="For alerts while no tab of the app is on screen.">
          <NotificationPermission />
        </Section>
      </div>
    </Dialog>
  );
}

/** The permission button: the browser is asked only when it is pressed. */
function NotificationPermission() {
  const [state, setState] = useState(notificationState);
  const [asking, setAsking] = useState(false);
  return (
    <div aria-live="polite" className="pt-1">
      {state === 'default' ? (
        <button
          type="button"
          disabled={asking}
          onClick={() => {
            setAsking(true);
            void requestNotificationPermission().then((next) => {
              setState(next);
              setAsking(false);
            });
          }}
          className={buttonClass('secondary', 'sm')}
        >
          <BellRing aria-hidden="true" className="h-4 w-4" />
          Enable desktop notifications
        </button>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{NOTIFICATION_TEXTS[state]}</p>
      )}
    </div>
  );
}

function Section({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">{children}</div>
    </fieldset>
  );
}

/** An on/off setting: a checkbox with the switch role, its label on the left. */
function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  // The whole row toggles; the switch is named by its label alone, the hint describes it.
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 py-2">
      <span className="min-w-0">
        <span id={labelId} className="block text-sm text-slate-800 dark:text-slate-200">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="block text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-600"
      />
    </label>
  );
}

/** The favourite teams as settings name them, with their full names, league by league. */
function favouriteTeamList(favourites: Record<LeagueKey, string[]>): Array<{ ref: TeamRef; name: string }> {
  return LEAGUE_KEYS.flatMap((league) =>
    (favourites[league] ?? []).flatMap((short) => {
      const team = findTeam(league, short);
      return team ? [{ ref: `${league}:${short}` as const, name: team.name }] : [];
    }),
  );
}
