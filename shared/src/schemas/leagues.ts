import { z } from 'zod/mini';

/**
 * Leagues with friends: a startup draft owned by the server. A signed-in fan creates a league and
 * shares its invite code; friends join it (up to LEAGUE_MAX_SEATS people) while it is in the lobby.
 * The commissioner (its creator) starts the draft: the seats' order is drawn at random then, and the
 * seats nobody took become AI teams with the solo league's names and picking rules. Each seat has
 * `pickSeconds` to pick; when the clock runs out the server picks for it (the person's queue first,
 * else the best available company by the AI rules). Everything here is server-presented; a client
 * reads it through these schemas.
 *
 * REST under /api/leagues (signed in; bodies and answers are these schemas):
 * - `POST /api/leagues` LeagueCreate → 201 League (the creator is the commissioner and seat 0).
 * - `GET /api/leagues` → LeagueList: the leagues the caller sits in, newest first.
 * - `GET /api/leagues/:leagueId` → LeagueWatchAnswer (members only).
 * - `GET /api/leagues/invites/:inviteCode` → LeagueInvitePreview (anyone signed in holding the code).
 * - `POST /api/leagues/invites/:inviteCode/join` → League (already a member: the League, unchanged).
 * - `DELETE /api/leagues/:leagueId/seats/:login` → League: the commissioner removes a person in the
 *   lobby (never themselves).
 * - `POST /api/leagues/:leagueId/start` | `/pause` | `/resume` → League: the commissioner only.
 *
 * Socket events (typed in events.ts): `league:watch`, `league:unwatch`, `league:pick`,
 * `league:queue-set`; from the server `league:changed`, `league:queue-changed` and `league:removed`.
 *
 * Errors (shared/src/errors.ts): `not_found` for an unknown league or invite, and for a league the
 * caller does not sit in (so ids do not leak); `forbidden` for a non-commissioner's start, pause,
 * resume or removal; `league_full`, `league_started` when joining; `league_not_drafting`,
 * `league_not_your_turn`, `league_company_taken` and `bad_request` (unknown company) when picking;
 * `limit_reached` past LEAGUE_MAX_PER_LOGIN leagues. A refused request changes nothing.
 */

/** Seats in a league: people who joined, then AI teams up to this many. */
export const LEAGUE_MAX_SEATS = 10;
/** Rounds of a draft, as in the solo league: each seat drafts this many companies. */
export const LEAGUE_ROUNDS = 8;
/** The pick clock's choices, in seconds. */
export const LEAGUE_PICK_SECONDS = [30, 60, 90, 120] as const;
export type LeaguePickSeconds = (typeof LEAGUE_PICK_SECONDS)[number];
/** A league's name, trimmed. */
export const LEAGUE_NAME_MAX_CHARS = 40;
/** Most companies a person's queue holds. */
export const LEAGUE_QUEUE_MAX = 50;
/** Most leagues one login may sit in (creating or joining past it answers `limit_reached`). */
export const LEAGUE_MAX_PER_LOGIN = 50;
/** How long an AI seat waits before it picks, in milliseconds. */
export const LEAGUE_AI_PICK_DELAY_MS = 1500;

/** A league's id: 16 URL-safe random characters. */
export const leagueIdSchema = z.string().check(z.regex(/^[\w-]{16}$/, 'Not a league id'));
/** The invite code, separate from the id and just as unguessable: 22 URL-safe random characters. */
export const leagueInviteCodeSchema = z.string().check(z.regex(/^[\w-]{22}$/, 'Not an invite code'));
/** A company of the catalogue (shared/src/data/yc-companies.json) by its link, which is its id. */
export const leagueCompanyIdSchema = z
  .string()
  .check(z.maxLength(120), z.regex(/^\/companies\/[a-z0-9-]+$/, 'Not a company id'));

const loginSchema = z
  .string()
  .check(z.regex(/^[a-zA-Z0-9](?:[a-zA-Z0-9]|-(?=[a-zA-Z0-9])){0,38}(?:@[a-z][a-z0-9]{0,19})?$/));
const isoTime = z.string().check(z.maxLength(40));

export const leagueNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A league needs a name'),
    z.maxLength(LEAGUE_NAME_MAX_CHARS, `A league name has at most ${LEAGUE_NAME_MAX_CHARS} characters`),
  );

/** `POST /api/leagues`. */
export const leagueCreateSchema = z.object({
  name: leagueNameSchema,
  pickSeconds: z.literal(LEAGUE_PICK_SECONDS),
});
export type LeagueCreate = z.infer<typeof leagueCreateSchema>;

export const LEAGUE_STATUSES = ['lobby', 'drafting', 'paused', 'complete'] as const;
export const leagueStatusSchema = z.enum(LEAGUE_STATUSES);
export type LeagueStatus = z.infer<typeof leagueStatusSchema>;

/**
 * A seat. In the lobby the seats are the people who joined, in joining order. From the start they are
 * LEAGUE_MAX_SEATS in draft order (`seat` is the index; pick n belongs to seat (n - 1) mod 10, every
 * round in the same order, as in the solo league), the empty ones filled with AI teams.
 */
export const leagueSeatSchema = z.object({
  seat: z.number().check(z.int(), z.minimum(0), z.maximum(LEAGUE_MAX_SEATS - 1)),
  kind: z.enum(['person', 'ai']),
  /** The person's login; null for an AI team. */
  login: z.nullable(loginSchema),
  /** The team's name: the person's display name or login, or the AI team's name. */
  teamName: z.string().check(z.maxLength(80)),
});
export type LeagueSeat = z.infer<typeof leagueSeatSchema>;

/**
 * How a pick was made: `pick` by the person, `queue` by the server from the person's queue when the
 * clock ran out, `auto` by the server by the AI rules when the clock ran out with nothing queued,
 * `ai` by an AI seat.
 */
export const leaguePickHowSchema = z.enum(['pick', 'queue', 'auto', 'ai']);
export type LeaguePickHow = z.infer<typeof leaguePickHowSchema>;

export const leaguePickSchema = z.object({
  /** 1-based over the whole draft. */
  overall: z.number().check(z.int(), z.minimum(1)),
  /** 1-based. */
  round: z.number().check(z.int(), z.minimum(1), z.maximum(LEAGUE_ROUNDS)),
  seat: z.number().check(z.int(), z.minimum(0), z.maximum(LEAGUE_MAX_SEATS - 1)),
  companyId: leagueCompanyIdSchema,
  how: leaguePickHowSchema,
  /** ISO time of the pick. */
  at: isoTime,
});
export type LeaguePick = z.infer<typeof leaguePickSchema>;

/** Whose turn it is and until when (ISO, the server's clock); null unless the draft is running. */
export const leagueClockSchema = z.object({
  seat: z.number().check(z.int(), z.minimum(0), z.maximum(LEAGUE_MAX_SEATS - 1)),
  /** The overall pick on the clock. */
  overall: z.number().check(z.int(), z.minimum(1)),
  deadline: isoTime,
});
export type LeagueClock = z.infer<typeof leagueClockSchema>;

/** A league as its members see it. */
export const leagueSchema = z.object({
  id: leagueIdSchema,
  name: z.string().check(z.maxLength(LEAGUE_NAME_MAX_CHARS)),
  /** The commissioner's login. */
  commissioner: loginSchema,
  /** For the invite link (`/fantasy/leagues/join/{inviteCode}` on the client). */
  inviteCode: leagueInviteCodeSchema,
  pickSeconds: z.literal(LEAGUE_PICK_SECONDS),
  rounds: z.number().check(z.int()),
  status: leagueStatusSchema,
  seats: z.array(leagueSeatSchema).check(z.maxLength(LEAGUE_MAX_SEATS)),
  /** In pick order. */
  picks: z.array(leaguePickSchema).check(z.maxLength(LEAGUE_MAX_SEATS * LEAGUE_ROUNDS)),
  /** Set while `drafting`; null in the lobby, while paused and once complete. */
  clock: z.nullable(leagueClockSchema),
  /** Rises by one with every change: a client keeps the League with the highest version. */
  version: z.number().check(z.int(), z.minimum(1)),
  createdAt: isoTime,
});
export type League = z.infer<typeof leagueSchema>;

/** One line of `GET /api/leagues`. */
export const leagueSummarySchema = z.object({
  id: leagueIdSchema,
  name: z.string(),
  commissioner: loginSchema,
  status: leagueStatusSchema,
  /** People seated (AI seats not counted). */
  people: z.number().check(z.int()),
  createdAt: isoTime,
});
export type LeagueSummary = z.infer<typeof leagueSummarySchema>;
export const leagueListSchema = z.object({ leagues: z.array(leagueSummarySchema) });
export type LeagueList = z.infer<typeof leagueListSchema>;

/** What an invite shows before joining. */
export const leagueInvitePreviewSchema = z.object({
  leagueId: leagueIdSchema,
  name: z.string(),
  commissioner: loginSchema,
  status: leagueStatusSchema,
  people: z.number().check(z.int()),
  maxSeats: z.number().check(z.int()),
  pickSeconds: z.number().check(z.int()),
  /** The caller already sits in it. */
  joined: z.boolean(),
});
export type LeagueInvitePreview = z.infer<typeof leagueInvitePreviewSchema>;

/** A person's own queue in one league: private to them; drafted companies leave it. */
export const leagueQueueSchema = z.object({
  leagueId: leagueIdSchema,
  companyIds: z.array(leagueCompanyIdSchema).check(z.maxLength(LEAGUE_QUEUE_MAX)),
});
export type LeagueQueue = z.infer<typeof leagueQueueSchema>;

/** `league:watch`'s answer: the League and the caller's own queue. */
export const leagueWatchAnswerSchema = z.object({ league: leagueSchema, queue: leagueQueueSchema });
export type LeagueWatchAnswer = z.infer<typeof leagueWatchAnswerSchema>;

/** `league:watch` and `league:unwatch`. */
export const leagueWatchSchema = z.object({ leagueId: leagueIdSchema });
/** `league:pick`: the seat is the caller's own, never the payload's. */
export const leaguePickRequestSchema = z.object({
  leagueId: leagueIdSchema,
  companyId: leagueCompanyIdSchema,
});
/** `league:queue-set`: the whole queue in order (duplicates are refused). */
export const leagueQueueSetSchema = z.object({
  leagueId: leagueIdSchema,
  companyIds: z.array(leagueCompanyIdSchema).check(z.maxLength(LEAGUE_QUEUE_MAX)),
});

/**
 * `league:removed`: the commissioner took the receiving person's seat. Sent to that person's own
 * sockets only (every tab, on every instance), once the removal is stored and before it is answered;
 * it names the league and nothing else. From then on the league answers them `not_found`, as it
 * does anyone outside it, so a client that missed this push learns it from its next request.
 */
export const leagueRemovedSchema = z.object({ leagueId: leagueIdSchema });
export type LeagueRemoved = z.infer<typeof leagueRemovedSchema>;
