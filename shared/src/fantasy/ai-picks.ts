/**
 * How an AI team picks a startup, shared by the solo league (in the browser) and the leagues with
 * friends (on the server): a random base plus bonuses by vertical, description keywords and the
 * team's own taste, jittered when ranking. Every random choice comes from the RandomSource passed in,
 * so a seeded source replays a pick exactly.
 */

/**
 * A source of random numbers in [0, 1), like Math.random. The draft takes one as an argument so tests
 * can replay a league exactly with a seeded source.
 */
export type RandomSource = () => number;

/** A random integer from min to max, both included. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A random real number from -spread to +spread. */
export function randomSpread(random: RandomSource, spread: number): number {
  return (random() * 2 - 1) * spread;
}

/** What the AI rules read of a company. */
export interface ScoredCompany {
  /** The company's id (its link in the catalogue). */
  link: string;
  description: string;
  vertical: string;
}

/** The nine AI teams, in the solo league's draft order (after the user's team). */
export const AI_TEAM_NAMES: readonly string[] = [
  'Tech Titans',
  'Startup Squad',
  'Venture Vikings',
  'Code Cowboys',
  'AI Avengers',
  'Data Dynamos',
  'Silicon Sharks',
  'Byte Brigade',
  'Innovation Inc',
];

/** AI pick scoring: the random base, in points, both ends included. */
export const AI_BASE_SCORE_MIN = 50;
export const AI_BASE_SCORE_MAX = 100;
/** AI pick scoring: the jitter applied when ranking, up to this many points either way. */
export const AI_RANKING_JITTER = 10;
/**
 * AI pick scoring: bonus by vertical. AI is kept although no company in the directory has it
 * (on purpose), so a future directory with AI companies scores them with the AI bonus.
 */
export const AI_VERTICAL_BONUS: Readonly<Record<string, number>> = {
  B2B: 15,
  Healthcare: 12,
  Fintech: 10,
  AI: 20,
  Consumer: 8,
  Industrials: 6,
};
/** AI pick scoring: bonus for each of these whole words in the description. */
export const AI_DESCRIPTION_KEYWORD_BONUS: Readonly<Record<string, number>> = {
  ai: 15,
  automation: 10,
  agent: 12,
  platform: 8,
};
/** AI pick scoring: points for each of the picking team's own keywords the company matches. */
export const TEAM_KEYWORD_BONUS = 5;
/** Each AI team's taste. Teams without an entry have no keyword bonus. */
export const TEAM_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  'Tech Titans': ['ai', 'platform', 'automation'],
  'AI Avengers': ['ai', 'agent', 'model'],
  'Data Dynamos': ['data', 'analytics', 'intelligence'],
  'Silicon Sharks': ['fintech', 'crypto', 'payment'],
  'Code Cowboys': ['developer', 'api', 'infrastructure'],
};

/** The lower-case whole words of a text: "AI-native" gives ai and native; "said" is not "ai". */
export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}

/** The points of a table's keywords found among the words. */
export function keywordBonus(words: Set<string>, table: Readonly<Record<string, number>>): number {
  let bonus = 0;
  for (const [keyword, points] of Object.entries(table)) if (words.has(keyword)) bonus += points;
  return bonus;
}

/**
 * The part of an AI team's score for a company that is not random: vertical bonus, description
 * keyword bonus, and 5 for each of the team's keywords found as a whole word in the description or
 * the vertical (so Silicon Sharks' "fintech" matches the Fintech vertical).
 */
export function aiScoreBonus(company: ScoredCompany, teamName: string): number {
  const descriptionWords = wordsOf(company.description);
  let bonus = AI_VERTICAL_BONUS[company.vertical] ?? 0;
  bonus += keywordBonus(descriptionWords, AI_DESCRIPTION_KEYWORD_BONUS);
  const teamWords = wordsOf(`${company.description} ${company.vertical}`);
  for (const keyword of TEAM_KEYWORDS[teamName] ?? []) {
    if (teamWords.has(keyword)) bonus += TEAM_KEYWORD_BONUS;
  }
  return bonus;
}

/** An AI team's score for a company: a random base of 50-100 plus aiScoreBonus. */
export function aiScore(company: ScoredCompany, teamName: string, random: RandomSource): number {
  return randomInt(random, AI_BASE_SCORE_MIN, AI_BASE_SCORE_MAX) + aiScoreBonus(company, teamName);
}

/**
 * The company a team would take from those available: each one's aiScore plus a jitter of up to
 * ±10, highest wins (the first on a tie). Null when none is available. Draws two random numbers per
 * company, in the order given.
 */
export function chooseBestAvailable(
  available: readonly ScoredCompany[],
  teamName: string,
  random: RandomSource,
): string | null {
  let best: { id: string; score: number } | null = null;
  for (const company of available) {
    const score = aiScore(company, teamName, random) + randomSpread(random, AI_RANKING_JITTER);
    if (!best || score > best.score) best = { id: company.link, score };
  }
  return best?.id ?? null;
}
