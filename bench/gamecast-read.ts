/**
 * What the Gamecast's leader spends reading one game's summary in a round, alone: the body read from
 * its response, parsed and checked, mapped to the Gamecast, checked against the contract and compared
 * with the Gamecast held (the ESPN source and updateGamecast, as the service calls them), in CPU µs
 * per round (process.cpuUsage, whole process). Each body is read round after round by one source, as
 * the leader reads a watched game:
 *
 * - same: the summary did not change at all;
 * - clock: only the game clock moved (the header's status), as between plays of a live game;
 * - play: one play more each round (the NFL's in its scoring plays and the drive under way, the
 *   others' in `plays`), with a point of win probability where the league has them.
 *
 * Bodies: the real summaries in tests/fixtures/real/espn-summary/ as ESPN sends them (compact), and
 * the bench's live game (the fake ESPN's Bills–Dolphins, 280 KB) with a scoring play added at the fake
 * for `play`, as `npm run bench:gamecast` times it. `npm run bench:gamecast -- --read` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { updateGamecast } from '../server/src/sports/gamecast/changes';
import { createEspnGamecastSource } from '../server/src/sports/gamecast/espn-source';
import type { Gamecast } from '@shared/schemas/gamecast';
import type { Game, LeagueName } from '@shared/schemas/sports';
import { startFakeEspn } from '../tests/fakes/espn';
import { fmt, machine, saveResult, table } from './lib/report';
import { ROOT } from './lib/processes';

const CORPUS = join(ROOT, 'tests/fixtures/real/espn-summary');
/** BUF at MIA, live, on the fake ESPN: the game bench:gamecast times. */
const BENCH_GAME = '401671002';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- real JSON reached into to add plays
type Json = any;

interface Body {
  name: string;
  league: LeagueName;
  /** The body of round `i` (0: the first read, not timed) of a kind. */
  body(kind: Kind, round: number): Promise<Buffer>;
}

type Kind = 'same' | 'clock' | 'play';
const KINDS: Kind[] = ['same', 'clock', 'play'];

const compact = (json: unknown) => Buffer.from(JSON.stringify(json));

/** A real summary, with the clock moved or plays added by round. */
function fixtureBody(file: string): Body {
  const league = file.split('-')[0]!.toUpperCase() as LeagueName;
  const base: Json = JSON.parse(readFileSync(join(CORPUS, file), 'utf8'));
  const original = compact(base);
  const withRound = (kind: Kind, round: number) => {
    if (kind === 'same' || round === 0) return original;
    const json: Json = structuredClone(base);
    const status = json.header?.competitions?.[0]?.status;
    if (status) status.displayClock = `${Math.floor(round / 60) % 15}:${String(round % 60).padStart(2, '0')}`;
    if (kind === 'play') {
      const nfl = Array.isArray(json.scoringPlays) && json.scoringPlays.length > 0;
      const list: Json[] | undefined = nfl ? json.scoringPlays : json.plays;
      const model = list?.at(-1) ?? {};
      for (let i = 1; i <= round; i++) {
        const play = { ...model, id: `bench-${i}`, text: `Bench play ${i}` };
        if (list) list.push(play);
        // The NFL's plays go to the drive under way, which ends after 8 plays and a new one starts.
        if (nfl && json.drives) {
          if (!json.drives.current || i % 8 === 1) {
            if (json.drives.current) json.drives.previous.push(json.drives.current);
            json.drives.current = { ...json.drives.previous.at(-1), id: `drive-${i}`, plays: [] };
          }
          json.drives.current.plays.push(play);
        }
        if (Array.isArray(json.winprobability))
          json.winprobability.push({ playId: play.id, homeWinPercentage: 0.5, tiePercentage: 0 });
      }
    }
    return compact(json);
  };
  return { name: file.replace(/\.json$/, ''), league, body: async (kind, round) => withRound(kind, round) };
}

/** The fake ESPN's live NFL game, scoring plays added at the fake. */
async function benchGameBody(): Promise<{ body: Body; close: () => Promise<void> }> {
  const espn = await startFakeEspn();
  const url = `${espn.url}/apis/site/v2/sports/football/nfl/summary?event=${BENCH_GAME}`;
  const fetchBody = async () => Buffer.from(await (await fetch(url)).arrayBuffer());
  const original = await fetchBody();
  return {
    body: {
      name: 'bench game (fake ESPN, NFL live)',
      league: 'NFL',
      async body(kind, round) {
        if (kind === 'same' || round === 0) return original;
        if (kind === 'clock') {
          // The clock is the fake's own: the header as served, with a clock that moved.
          const json: Json = JSON.parse(original.toString('utf8'));
          json.header.competitions[0].status.displayClock = `${round % 15}:00`;
          return compact(json);
        }
        espn.addScoringPlay(BENCH_GAME, {
          team: round % 2 ? 'home' : 'away',
          points: 7,
          text: `Bench TD ${round}`,
        });
        return fetchBody();
      },
    },
    close: async () => {
      espn.reset();
      await espn.close();
    },
  };
}

/** CPU µs per round of one kind for one body: `rounds` timed reads after a first one. */
async function measure(body: Body, kind: Kind, rounds: number) {
  let current: Buffer = await body.body(kind, 0);
  const source = createEspnGamecastSource({
    baseUrl: 'https://site.api.espn.com',
    fetch: async () => new Response(current),
  });
  const game = { id: body.name.replace(/[^A-Za-z0-9_.:-]+/g, '-').slice(0, 60), league: body.league } as Game;
  let held: Gamecast | null = null;
  let changes = 0;
  const round = async () => {
    const reading = (await source.fetchGamecast(game))!;
    const update = updateGamecast(held, reading, new Date().toISOString());
    held = update.gamecast;
    if (update.change) changes++;
  };
  await round();
  changes = 0;
  const samples: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    current = await body.body(kind, i);
    const before = process.cpuUsage();
    await round();
    const used = process.cpuUsage(before);
    samples.push(used.user + used.system);
  }
  samples.sort((a, b) => a - b);
  return {
    mean: samples.reduce((sum, n) => sum + n, 0) / samples.length,
    p50: samples[Math.floor(samples.length / 2)]!,
    changes,
    bytes: current.length,
  };
}

export async function runReadBench(options: { rounds: number; only?: string }) {
  const conditions = machine();
  console.log(
    `gamecast summary read: ${options.rounds} rounds per body and kind, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
  );
  const bench = await benchGameBody();
  const bodies = [
    bench.body,
    ...readdirSync(CORPUS)
      .filter((file) => file.endsWith('.json'))
      .map(fixtureBody),
  ].filter((body) => !options.only || body.name.includes(options.only));
  const rows: Array<{
    body: string;
    kb: number;
    kind: Kind;
    meanUs: number;
    p50Us: number;
    changes: number;
  }> = [];
  try {
    for (const body of bodies) {
      for (const kind of KINDS) {
        // Fewer rounds for `play` on the big fixtures: each round's body is built anew.
        const result = await measure(body, kind, options.rounds);
        rows.push({
          body: body.name,
          kb: Math.round(result.bytes / 1024),
          kind,
          meanUs: result.mean,
          p50Us: result.p50,
          changes: result.changes,
        });
        console.log(
          `  ${body.name} ${kind}: ${fmt(result.mean, 0)} µs CPU per round (p50 ${fmt(result.p50, 0)}), ${result.changes} changes`,
        );
      }
    }
  } finally {
    await bench.close();
  }
  const end = machine();
  console.log(
    `\n${table(
      ['summary', 'KB', 'round', 'CPU µs / round (mean)', 'CPU µs / round (p50)', 'changes'],
      rows.map((row) => [row.body, row.kb, row.kind, fmt(row.meanUs, 0), fmt(row.p50Us, 0), row.changes]),
    )}`,
  );
  console.log(`load average ${fmt(conditions.load1, 2)} → ${fmt(end.load1, 2)}`);
  console.log(
    `saved ${await saveResult('gamecast-read', { machine: conditions, end, rounds: options.rounds, rows })}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runReadBench({ rounds: Number(process.env.ROUNDS ?? 200), only: process.env.ONLY });
  process.exit(0);
}
