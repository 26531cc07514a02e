import { describe, expect, it } from 'vitest';
import { COMPANIES, verticalLabel, type Company } from './catalogue';
import {
  AI_PICK_DELAY_MS,
  DRAFT_ORDER,
  SAVED_LEAGUE_MAX_AGE_MS,
  SEARCH_RESULT_LIMIT,
  TOTAL_PICKS,
  TOTAL_ROUNDS,
  aiPick,
  aiScore,
  aiScoreBonus,
  chooseAiPick,
  createLeague,
  displayRound,
  isAiTurn,
  isUserTurn,
  orderIndexOfPick,
  pickCompany,
  projectionBonus,
  recentPicks,
  searchAvailable,
  standings,
  startDraft,
  teamOnTurn,
  toggleQueued,
  upcomingPicks,
  userPick,
  userTeam,
  wordsOf,
  type League,
} from './engine';
import { seededRandom, type RandomSource } from './random';

const byName = (name: string): Company => {
  const company = COMPANIES.find((candidate) => candidate.name === name);
  if (!company) throw new Error(`no ${name} in the directory`);
  return company;
};

/** A source that always answers the same number. */
const constant =
  (value: number): RandomSource =>
  () =>
    value;

const company = (name: string, description: string, vertical = 'B2B'): Company => ({
  link: `/companies/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  image_url: 'https://example.com/logo.png',
  name,
  description,
  vertical,
  'sub-vertical': '',
});

const newLeague = (seed = 1) => createLeague(COMPANIES, seededRandom(seed));

/** Plays picks until `done` says stop: the user takes the first available company, AI teams pick. */
function play(league: League, random: RandomSource, done: (league: League) => boolean): League {
  let current = league;
  for (let guard = 0; guard < 1000 && !done(current); guard += 1) {
    const next = isUserTurn(current)
      ? userPick(current, current.draft.availableCompanies[0]!.link)
      : aiPick(current, random);
    if (next === current) break;
    current = next;
  }
  return current;
}

describe('constants', () => {
  it('has the draft limits', () => {
    expect(TOTAL_ROUNDS).toBe(8);
    expect(TOTAL_PICKS).toBe(80);
    expect(AI_PICK_DELAY_MS).toBe(1500);
    expect(SAVED_LEAGUE_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(SEARCH_RESULT_LIMIT).toBe(20);
  });
});

describe('a new league', () => {
  it('has ten teams in draft order, the user first as My Team, ids team-0..team-9', () => {
    const { teams, draft } = newLeague();
    expect(teams.map((team) => team.owner)).toEqual([
      'You',
      'Tech Titans',
      'Startup Squad',
      'Venture Vikings',
      'Code Cowboys',
      'AI Avengers',
      'Data Dynamos',
      'Silicon Sharks',
      'Byte Brigade',
      'Innovation Inc',
    ]);
    expect(teams.map((team) => team.id)).toEqual(Array.from({ length: 10 }, (_, i) => `team-${i}`));
    expect(teams[0]!.name).toBe('My Team');
    expect(teams.slice(1).map((team) => team.name)).toEqual(DRAFT_ORDER.slice(1));
    expect(teams.every((team) => team.companies.length === 0)).toBe(true);
    expect(draft.draftOrder).toEqual(DRAFT_ORDER);
  });

  it('gives every team random initial points from 400 to 599, both ends reachable', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      for (const team of newLeague(seed).teams) {
        expect(Number.isInteger(team.points)).toBe(true);
        expect(team.points).toBeGreaterThanOrEqual(400);
        expect(team.points).toBeLessThanOrEqual(599);
      }
    }
    expect(createLeague(COMPANIES, constant(0)).teams[0]!.points).toBe(400);
    expect(createLeague(COMPANIES, constant(0.999999)).teams[0]!.points).toBe(599);
  });

  it('ranks teams by points, ties by draft order', () => {
    const league = newLeague(7);
    const ranked = standings(league);
    expect(ranked.map((team) => team.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < ranked.length; i += 1) {
      expect(ranked[i - 1]!.points).toBeGreaterThanOrEqual(ranked[i]!.points);
    }
    const tied = createLeague(COMPANIES, constant(0.5));
    expect(tied.teams.map((team) => team.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('starts inactive and incomplete at pick 1 with 0 rounds completed and everything available', () => {
    const { draft } = newLeague();
    expect(draft).toMatchObject({
      isActive: false,
      isComplete: false,
      currentPick: 1,
      roundsCompleted: 0,
      totalRounds: 8,
      pickedCompanies: [],
    });
    expect(draft.availableCompanies).toHaveLength(COMPANIES.length);
    expect(displayRound(draft)).toBe(1);
  });

  it('draws placeholder stats once per company: points 50-149, deltas -10..9', () => {
    const league = newLeague(3);
    expect(Object.keys(league.stats)).toHaveLength(COMPANIES.length);
    for (const stats of Object.values(league.stats)) {
      expect(stats.points).toBeGreaterThanOrEqual(50);
      expect(stats.points).toBeLessThanOrEqual(149);
      expect(stats.delta).toBeGreaterThanOrEqual(-10);
      expect(stats.delta).toBeLessThanOrEqual(9);
    }
    const low = createLeague([byName('Nox Metals')], constant(0)).stats['/companies/nox-metals']!;
    expect(low).toEqual({ projection: 50, points: 50, delta: -10 });
    const high = createLeague([byName('Nox Metals')], constant(0.999999)).stats['/companies/nox-metals']!;
    expect(high).toEqual({ projection: 99, points: 149, delta: 9 });
  });

  it('is the same league for the same seed', () => {
    expect(newLeague(42)).toEqual(newLeague(42));
    expect(newLeague(42)).not.toEqual(newLeague(43));
  });
});

describe('turns and picks', () => {
  it('maps pick n to draft order index (n - 1) mod 10', () => {
    expect(orderIndexOfPick(1)).toBe(0);
    expect(orderIndexOfPick(10)).toBe(9);
    expect(orderIndexOfPick(11)).toBe(0);
    expect(orderIndexOfPick(57)).toBe(6);
    expect(orderIndexOfPick(80)).toBe(9);
  });

  it('ignores picks before Start Draft', () => {
    const league = newLeague();
    expect(pickCompany(league, COMPANIES[0]!.link)).toBe(league);
    expect(userPick(league, COMPANIES[0]!.link)).toBe(league);
    expect(aiPick(league, seededRandom(1))).toBe(league);
    expect(isUserTurn(league)).toBe(false);
  });

  it('Start Draft activates it, and the user is on the clock first', () => {
    const league = startDraft(newLeague());
    expect(league.draft.isActive).toBe(true);
    expect(teamOnTurn(league).name).toBe('My Team');
    expect(isUserTurn(league)).toBe(true);
    expect(isAiTurn(league)).toBe(false);
    expect(startDraft(league)).toBe(league);
  });

  it('a pick moves the company from available to picked, onto the team on turn, and advances', () => {
    const league = startDraft(newLeague());
    const nox = byName('Nox Metals');
    const next = userPick(league, nox.link);
    expect(next.draft.currentPick).toBe(2);
    expect(next.draft.availableCompanies).not.toContain(nox);
    expect(next.draft.availableCompanies).toHaveLength(COMPANIES.length - 1);
    expect(next.draft.pickedCompanies).toEqual([nox]);
    expect(userTeam(next).companies).toEqual([nox]);
    expect(next.draft.picks).toEqual([{ pick: 1, round: 1, teamId: 'team-0', company: nox }]);
    // The team's points grow by the company's fantasy points.
    expect(userTeam(next).points).toBe(userTeam(league).points + league.stats[nox.link]!.points);
    expect(teamOnTurn(next).name).toBe('Tech Titans');
  });

  it('the user picks only on their turn, and a taken company cannot be picked again', () => {
    let league = startDraft(newLeague());
    league = userPick(league, COMPANIES[0]!.link);
    expect(isUserTurn(league)).toBe(false);
    expect(userPick(league, COMPANIES[1]!.link)).toBe(league);
    expect(pickCompany(league, COMPANIES[0]!.link)).toBe(league);
    expect(pickCompany(league, '/companies/not-in-the-directory')).toBe(league);
  });

  it('AI teams pick only when it is not the user turn', () => {
    const league = startDraft(newLeague());
    expect(chooseAiPick(league, seededRandom(1))).toBeNull();
    expect(aiPick(league, seededRandom(1))).toBe(league);
    const afterUser = userPick(league, COMPANIES[0]!.link);
    const afterAi = aiPick(afterUser, seededRandom(1));
    expect(afterAi.draft.currentPick).toBe(3);
    expect(afterAi.teams[1]!.companies).toHaveLength(1);
  });

  it('nine AI picks follow the user pick, one per AI team in order, then it is the user turn again', () => {
    const random = seededRandom(9);
    let league = userPick(startDraft(newLeague()), COMPANIES[0]!.link);
    const owners: string[] = [];
    while (isAiTurn(league)) {
      owners.push(teamOnTurn(league).owner);
      league = aiPick(league, random);
    }
    expect(owners).toEqual(DRAFT_ORDER.slice(1));
    expect(league.draft.currentPick).toBe(11);
    expect(league.draft.roundsCompleted).toBe(1);
    expect(displayRound(league.draft)).toBe(2);
    expect(isUserTurn(league)).toBe(true);
  });

  it('counts full cycles as rounds, and completes and deactivates after round 8', () => {
    const random = seededRandom(5);
    let league = startDraft(newLeague(5));
    const rounds: number[] = [];
    league = play(league, random, (current) => {
      rounds.push(current.draft.roundsCompleted);
      return current.draft.isComplete;
    });
    expect(rounds.slice(0, 11)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(league.draft).toMatchObject({
      isActive: false,
      isComplete: true,
      currentPick: 81,
      roundsCompleted: 8,
    });
    expect(displayRound(league.draft)).toBe(8);
    const picked = league.draft.pickedCompanies.map((c) => c.link);
    expect(picked).toHaveLength(80);
    expect(new Set(picked).size).toBe(80);
    expect(league.draft.availableCompanies).toHaveLength(COMPANIES.length - 80);
    for (const team of league.teams) expect(team.companies).toHaveLength(8);
    expect(league.draft.picks.map((pick) => pick.pick)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(league.draft.picks.filter((pick) => pick.round === 8)).toHaveLength(10);
    // Picks are ignored once complete.
    expect(pickCompany(league, league.draft.availableCompanies[0]!.link)).toBe(league);
    expect(aiPick(league, random)).toBe(league);
    expect(startDraft(league)).toBe(league);
    expect(upcomingPicks(league)).toEqual([]);
  });

  it('completes early if the directory runs out', () => {
    const few = COMPANIES.slice(0, 12);
    const random = seededRandom(2);
    const league = play(startDraft(createLeague(few, random)), random, (current) => current.draft.isComplete);
    expect(league.draft).toMatchObject({
      isComplete: true,
      isActive: false,
      currentPick: 13,
      roundsCompleted: 1,
    });
    expect(league.draft.availableCompanies).toEqual([]);
  });
});

describe('AI pick scoring', () => {
  it('matches keywords as whole words, case-insensitively', () => {
    expect(wordsOf('AI-native CRM').has('ai')).toBe(true);
    expect(wordsOf('She said so').has('ai')).toBe(false);
    expect(wordsOf('Email for AGENTS').has('agents')).toBe(true);
    expect(wordsOf('Email for AGENTS').has('agent')).toBe(false);
  });

  it('scores Nautilus for Tech Titans exactly: base + B2B 15 + ai 15 + platform 8 + 2 team keywords', () => {
    const nautilus = byName('Nautilus');
    expect(nautilus.description).toBe('AI platform to grow and to optimize car washes');
    expect(aiScoreBonus(nautilus, 'Tech Titans')).toBe(15 + 15 + 8 + 5 + 5);
    // Base 50 + floor(0.5 * 51) = 75.
    expect(aiScore(nautilus, 'Tech Titans', constant(0.5))).toBe(123);
    expect(aiScore(nautilus, 'Tech Titans', constant(0))).toBe(98);
    expect(aiScore(nautilus, 'Tech Titans', constant(0.999999))).toBe(148);
    // A team without keywords gets only the vertical and description bonuses.
    expect(aiScore(nautilus, 'Startup Squad', constant(0.5))).toBe(75 + 38);
  });

  it('scores each team keyword and bonus', () => {
    const agentMail = byName('AgentMail'); // "API email service provider for AI Agents", B2B
    expect(aiScoreBonus(agentMail, 'Code Cowboys')).toBe(15 + 15 + 5); // api; "Agents" is not "agent"
    expect(aiScoreBonus(agentMail, 'AI Avengers')).toBe(15 + 15 + 5);
    const novaflow = byName('Novaflow'); // "The AI data analyst for biology labs", Healthcare
    expect(aiScoreBonus(novaflow, 'Data Dynamos')).toBe(12 + 15 + 5);
    expect(aiScoreBonus(byName('Nox Metals'), 'Tech Titans')).toBe(6);

    expect(aiScoreBonus(company('A', 'x', 'Fintech'), 'Silicon Sharks')).toBe(10 + 5); // fintech vertical
    expect(aiScoreBonus(company('A', 'Crypto payment rails', 'Consumer'), 'Silicon Sharks')).toBe(8 + 10);
    // The AI vertical also matches the team keyword ai.
    expect(aiScoreBonus(company('A', 'An agent and a model', 'AI'), 'AI Avengers')).toBe(20 + 12 + 15);
    expect(aiScoreBonus(company('A', 'Automation platform', 'Industrials'), 'Tech Titans')).toBe(
      6 + 10 + 8 + 10,
    );
    expect(aiScoreBonus(company('A', 'Data analytics and intelligence', 'Education'), 'Data Dynamos')).toBe(
      15,
    );
    expect(aiScoreBonus(company('A', 'Developer infrastructure', ''), 'Code Cowboys')).toBe(10);
    expect(aiScoreBonus(company('A', 'Said the mail', 'Government'), 'AI Avengers')).toBe(0);
  });

  it('the highest score after jitter wins', () => {
    const plain = company('Plain', 'Shoes', 'Consumer');
    const strong = company('Strong', 'AI agent automation platform', 'B2B');
    let league = startDraft(createLeague([plain, strong, company('Other', 'Hats')], constant(0.5)));
    league = userPick(league, '/companies/other');
    // Same base and no jitter (0.5 is the middle) everywhere: the bonuses decide.
    expect(chooseAiPick(league, constant(0.5))).toBe(strong.link);
    // Each company draws its base, then its jitter. Plain: base 75, jitter +9.99 → 92.99;
    // Strong: base 50, jitter -10 → 40 + 60 bonus + 15 team keywords = 115. Strong still wins...
    const script = (values: number[]): RandomSource => {
      let i = 0;
      return () => values[i++ % values.length]!;
    };
    expect(chooseAiPick(league, script([0.5, 0.9999, 0, 0]))).toBe(strong.link);
    // ...but between two close companies the jitter decides.
    const a = company('Alpha', 'Hats', 'Consumer'); // bonus 8
    const b = company('Beta', 'Shoes', 'Industrials'); // bonus 6
    let close = startDraft(createLeague([a, b, company('First', 'x')], constant(0.5)));
    close = userPick(close, '/companies/first');
    expect(chooseAiPick(close, constant(0.5))).toBe(a.link);
    expect(chooseAiPick(close, script([0.5, 0, 0.5, 0.9999]))).toBe(b.link);
  });

  it('jitter moves a ranking by at most ±10 points', () => {
    // Two companies 21 points apart in bonus, with the same base: the better one wins whatever the jitter.
    const better = company('Better', 'AI automation', 'B2B'); // 15 + 15 + 10 = 40 for Startup Squad
    const worse = company('Worse', 'Hats', 'Consumer'); // 8
    for (let seed = 1; seed <= 100; seed += 1) {
      const random = seededRandom(seed);
      const base = constant(0.3);
      let league = startDraft(createLeague([worse, better, company('First', 'x')], base));
      league = userPick(league, '/companies/first');
      // The base is fixed; only the jitter is random.
      let call = 0;
      const mixed: RandomSource = () => (call++ % 2 === 0 ? 0.3 : random());
      expect(chooseAiPick(league, mixed)).toBe(better.link);
    }
  });
});

describe('views', () => {
  it('projection bonuses: B2B +10, Healthcare +15, Fintech +8, ai +20, automation +15, agent +12', () => {
    expect(projectionBonus(company('A', 'AI automation agent', 'Healthcare'))).toBe(15 + 20 + 15 + 12);
    expect(projectionBonus(company('A', 'x', 'B2B'))).toBe(10);
    expect(projectionBonus(company('A', 'x', 'Fintech'))).toBe(8);
    expect(projectionBonus(company('A', 'x', 'Consumer'))).toBe(0);
  });

  it('search matches name or description case-insensitively, filters by vertical, shows the top 20', () => {
    const league = newLeague();
    const all = searchAvailable(league, { query: '', vertical: null }, verticalLabel);
    expect(all.total).toBe(COMPANIES.length);
    expect(all.shown).toHaveLength(20);
    const projections = all.shown.map((c) => league.stats[c.link]!.projection);
    expect(projections).toEqual([...projections].sort((a, b) => b - a));

    const byNameMatch = searchAvailable(league, { query: 'NOX met', vertical: null }, verticalLabel);
    expect(byNameMatch.shown.map((c) => c.name)).toEqual(['Nox Metals']);
    const byDescription = searchAvailable(league, { query: 'car WASHES', vertical: null }, verticalLabel);
    expect(byDescription.shown.map((c) => c.name)).toEqual(['Nautilus']);

    const other = searchAvailable(league, { query: '', vertical: 'Other' }, verticalLabel);
    expect(other.total).toBe(5);
    expect(other.shown.every((c) => c.vertical === '')).toBe(true);
    const fintech = searchAvailable(league, { query: '', vertical: 'Fintech' }, verticalLabel);
    expect(fintech.shown.every((c) => c.vertical === 'Fintech')).toBe(true);

    expect(searchAvailable(league, { query: 'zzzz-no-such', vertical: null }, verticalLabel)).toEqual({
      shown: [],
      total: 0,
    });
  });

  it('search leaves out drafted companies', () => {
    const league = userPick(startDraft(newLeague()), byName('Nox Metals').link);
    expect(searchAvailable(league, { query: 'nox', vertical: null }, verticalLabel).total).toBe(0);
  });

  it('starred companies come first on the user turn only, and leave the queue when drafted', () => {
    let league = newLeague();
    const last = searchAvailable(league, { query: '', vertical: null }, verticalLabel);
    const lowest = [...league.draft.availableCompanies].sort(
      (a, b) => league.stats[a.link]!.projection - league.stats[b.link]!.projection,
    )[0]!;
    expect(last.shown).not.toContain(lowest);
    league = toggleQueued(league, lowest.link);
    expect(league.queue).toEqual([lowest.link]);
    // Not started: not the user's turn, so the normal order.
    expect(searchAvailable(league, { query: '', vertical: null }, verticalLabel).shown).not.toContain(lowest);
    league = startDraft(league);
    expect(searchAvailable(league, { query: '', vertical: null }, verticalLabel).shown[0]).toBe(lowest);

    league = userPick(league, lowest.link);
    expect(league.queue).toEqual([]);
    expect(toggleQueued(league, lowest.link)).toBe(league); // drafted: cannot be starred
    const starred = toggleQueued(league, COMPANIES[5]!.link);
    expect(toggleQueued(starred, COMPANIES[5]!.link).queue).toEqual([]);
  });

  it('recent activity is the last 8 picks, newest first; the order preview is the next 5 picks', () => {
    const random = seededRandom(4);
    let league = startDraft(newLeague(4));
    expect(upcomingPicks(league).map((p) => [p.pick, p.team.name])).toEqual([
      [1, 'My Team'],
      [2, 'Tech Titans'],
      [3, 'Startup Squad'],
      [4, 'Venture Vikings'],
      [5, 'Code Cowboys'],
    ]);
    league = play(league, random, (current) => current.draft.currentPick === 13);
    expect(recentPicks(league.draft).map((p) => p.pick)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
    expect(upcomingPicks(league).map((p) => [p.pick, p.round, p.team.name])).toEqual([
      [13, 2, 'Startup Squad'],
      [14, 2, 'Venture Vikings'],
      [15, 2, 'Code Cowboys'],
      [16, 2, 'AI Avengers'],
      [17, 2, 'Data Dynamos'],
    ]);
    league = play(league, random, (current) => current.draft.currentPick === 78);
    expect(upcomingPicks(league).map((p) => p.pick)).toEqual([78, 79, 80]);
  });
});
