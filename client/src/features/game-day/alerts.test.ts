import { describe, expect, it } from 'vitest';
import { change, game } from './test-data';
import { alertFor, scoreLine } from './alerts';
import {
  DEFAULT_GAME_DAY_SETTINGS,
  parseGameDaySettings,
  type GameDaySettings,
} from '@client/lib/game-day-settings';

const chiefsFan = { nfl: ['KC'], nba: [], mlb: [], nhl: [] };
const settings = (patch: Partial<GameDaySettings> = {}) => ({ ...DEFAULT_GAME_DAY_SETTINGS, ...patch });

describe('alertFor', () => {
  it('names the teams, the score and the period for a favourite team', () => {
    expect(alertFor(change(['scored']), chiefsFan, settings())).toMatchObject({
      gameId: '401',
      title: 'Score',
      body: 'KC 21 – 17 BUF · 3rd Quarter',
    });
  });

  it('never alerts for games of teams the fan does not follow', () => {
    expect(alertFor(change(['scored']), { nfl: ['DAL'], nba: [], mlb: [], nhl: [] }, settings())).toBeNull();
    // A short name shared across leagues does not make an NBA fan a Chiefs fan.
    expect(alertFor(change(['scored']), { nfl: [], nba: ['BOS'], mlb: [], nhl: [] }, settings())).toBeNull();
  });

  it('speaks of the weightiest kind the fan switched on', () => {
    const both = change(['scored', 'lead-changed']);
    expect(alertFor(both, chiefsFan, settings())?.title).toBe('Lead change');
    const noLeads = settings({ alerts: { ...DEFAULT_GAME_DAY_SETTINGS.alerts, leadChanged: false } });
    expect(alertFor(both, chiefsFan, noLeads)?.title).toBe('Score');
    const nothing = settings({ alerts: { started: false, scored: false, leadChanged: false, final: false } });
    expect(alertFor(both, chiefsFan, nothing)).toBeNull();
  });

  it('stays quiet for a clock tick, a period end or a muted team', () => {
    expect(alertFor(change([]), chiefsFan, settings())).toBeNull();
    expect(alertFor(change(['period-ended']), chiefsFan, settings())).toBeNull();
    expect(alertFor(change(['scored']), chiefsFan, settings({ mutedTeams: ['nfl:KC'] }))).toBeNull();
    // Muting one of two favourites playing each other still alerts for the other.
    const both = { nfl: ['KC', 'BUF'], nba: [], mlb: [], nhl: [] };
    expect(alertFor(change(['scored']), both, settings({ mutedTeams: ['nfl:KC'] }))).not.toBeNull();
  });

  it('with scores hidden says what happened without the score', () => {
    const hidden = settings({ hideScores: true });
    expect(alertFor(change(['scored']), chiefsFan, hidden)?.body).toBe('Score change: KC vs BUF');
    expect(alertFor(change(['lead-changed']), chiefsFan, hidden)?.body).toBe('Score change: KC vs BUF');
    const final = change(['final'], {
      isLive: false,
      isCompleted: true,
      gameStatus: 'completed',
      period: 'Final',
    });
    expect(alertFor(final, chiefsFan, hidden)).toMatchObject({ title: 'Final', body: 'Final: KC vs BUF' });
    expect(alertFor(final, chiefsFan, settings())?.body).toBe('KC 21 – 17 BUF · Final');
  });

  it('gives the same change the same id, and a new score a new one', () => {
    const first = alertFor(change(['scored']), chiefsFan, settings())!;
    expect(alertFor(change(['scored']), chiefsFan, settings())!.id).toBe(first.id);
    expect(alertFor(change(['scored'], { awayScore: 28 }), chiefsFan, settings())!.id).not.toBe(first.id);
  });
});

describe('scoreLine', () => {
  it('falls back to a short form for a team the catalogue does not list', () => {
    expect(scoreLine(game({ awayTeam: 'Springfield Atoms', period: null }))).toBe('ATO 21 – 17 BUF');
  });
});

describe('parseGameDaySettings', () => {
  it('keeps good fields and defaults bad ones one by one', () => {
    expect(
      parseGameDaySettings({
        alerts: { started: false, scored: 'yes' },
        mutedTeams: ['nfl:KC', '<script>'],
        delaySeconds: 45,
        hideScores: true,
      }),
    ).toEqual({
      alerts: { started: false, scored: true, leadChanged: true, final: true },
      mutedTeams: [],
      delaySeconds: 0,
      hideScores: true,
    });
    expect(parseGameDaySettings({ delaySeconds: 120 })).toMatchObject({ delaySeconds: 120 });
    expect(parseGameDaySettings('nope')).toBeNull();
    expect(parseGameDaySettings([1])).toBeNull();
  });
});
