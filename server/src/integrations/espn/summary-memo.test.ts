import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EspnError } from './client';
import {
  createEspnSummaryReader,
  espnSummarySchema,
  newSummaryMemo,
  readEspnSummary,
  type EspnSummary,
} from './summary';
import { MAX_DEPTH, MAX_ELEMENTS } from './summary-json';

const CORPUS = join(import.meta.dirname, '../../../../tests/fixtures/real/espn-summary');
const FIXTURES = readdirSync(CORPUS).filter((file) => file.endsWith('.json'));
/** Real JSON reached into at any depth to change it: any is the point. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RawJson = any;
const realSummary = (file: string): RawJson => JSON.parse(readFileSync(join(CORPUS, file), 'utf8'));
const NBA = 'nba-final-2024-01-08.json';
const NFL = 'nfl-final-comeback-2023-09-17.json';

const bytes = (json: unknown) => Buffer.from(JSON.stringify(json));
/** What the schema makes of the body parsed whole: what every read must give. */
const bySchema = (body: Buffer): EspnSummary => espnSummarySchema.parse(JSON.parse(body.toString('utf8')));

/** A copy of a real summary with a change made to it. */
function changed(file: string, change: (summary: RawJson) => void): Buffer {
  const summary = realSummary(file);
  change(summary);
  return bytes(summary);
}

/** The plays of a summary: the NFL lists them by drive. */
const playsOf = (summary: RawJson): RawJson[] => summary.plays ?? summary.drives.previous[0].plays;

/** Wrong types, missing sections and odd JSON in the sections the Gamecast reads. */
const HOSTILE: Array<[string, (summary: RawJson) => void]> = [
  [
    'sections of the wrong type',
    (s) => Object.assign(s, { plays: 5, header: [], boxscore: 'x', leaders: {} }),
  ],
  ['every kept section missing', (s) => SECTIONS.forEach((key) => delete s[key])],
  ['kept sections null', (s) => SECTIONS.forEach((key) => (s[key] = null))],
  ['win probability not a list', (s) => (s.winprobability = { 0: 1 })],
  [
    'list entries of every type',
    (s) => playsOf(s).splice(0, 6, null, 'play', 7, [], true, { id: { nested: 1 }, text: ['a'], period: 3 }),
  ],
  ['box score parts of the wrong type', (s) => Object.assign(s.boxscore, { teams: 3, players: { 0: {} } })],
  ['a box score group that is not an object', (s) => s.boxscore.players.splice(0, 1, 7, [])],
  ['tables of the wrong type', (s) => (s.boxscore.players[1].statistics = 'none')],
  [
    'numbers as text and text as numbers',
    (s) => Object.assign(playsOf(s)[2], { awayScore: ' 12 ', id: 401 }),
  ],
  ['drives of the wrong type', (s) => (s.drives = { previous: { plays: [] }, current: [] })],
  ['unicode and escapes in kept text', (s) => (playsOf(s)[0].text = '“Quote” \\ \n \u0000 é 😀 \ud800')],
  ['odd values where nothing is read', (s) => Object.assign(s, { news: [[[{}]]], rosters: 'x', 1: 2 })],
];
const SECTIONS = ['header', 'plays', 'scoringPlays', 'drives', 'boxscore', 'leaders', 'winprobability'];

describe('reading an ESPN summary by its sections', () => {
  it.each(FIXTURES)('reads %s exactly as the schema reads it, compact or as captured', (file) => {
    const captured = readFileSync(join(CORPUS, file));
    expect(readEspnSummary(captured)).toStrictEqual(bySchema(captured));
    const compact = bytes(JSON.parse(captured.toString('utf8')));
    expect(readEspnSummary(compact)).toStrictEqual(bySchema(compact));
  });

  it.each(HOSTILE)('reads a summary with %s exactly as the schema reads it', (_name, change) => {
    for (const file of [NBA, NFL]) {
      const body = changed(file, change);
      expect(readEspnSummary(body)).toStrictEqual(bySchema(body));
      // And the same read from the memo of the untouched summary.
      const memo = newSummaryMemo();
      readEspnSummary(bytes(realSummary(file)), 'ESPN summary', memo);
      expect(readEspnSummary(body, 'ESPN summary', memo)).toStrictEqual(bySchema(body));
    }
  });

  it('reads repeated and escaped keys as JSON.parse does, the last one counting', () => {
    const play = JSON.stringify({ id: '1', text: 'First' });
    const body = Buffer.from(
      `\ufeff {"plays": [${play}], "pl\\u0061ys": [], "leaders": 4, "header": {"competitions": []},` +
        ` "plays" : [${play}, ${play}] , "header": null, "news": {"a": [1, -2.5e3, true, null, "}]"]}}\n`,
    );
    const summary = readEspnSummary(body);
    expect(summary).toStrictEqual(bySchema(Buffer.from(body.toString('utf8').slice(1))));
    expect(summary.plays).toHaveLength(2);
    expect(summary).toHaveProperty('header', undefined);
  });

  it('reads a game again from what changed since its last read, and gives what did not as the same objects', () => {
    const memo = newSummaryMemo();
    const read = (body: Buffer) => {
      const summary = readEspnSummary(body, 'ESPN summary', memo);
      expect(summary).toStrictEqual(bySchema(body));
      return summary;
    };
    const first = read(bytes(realSummary(NBA)));

    const clockMoved = read(changed(NBA, (s) => (s.header.competitions[0].status.displayClock = '9:59')));
    expect(clockMoved.plays).toBe(first.plays);
    expect(clockMoved.boxscore).toBe(first.boxscore);
    expect(clockMoved.winprobability).toBe(first.winprobability);

    const onePlayMore = read(
      changed(NBA, (s) => {
        s.plays.push({ ...s.plays.at(-1), id: 'new-play', text: 'A new play' });
        s.winprobability.push({ playId: 'new-play', homeWinPercentage: 0.4 });
        s.boxscore.players[0].statistics[0].athletes[0].stats[0] = '48';
      }),
    );
    expect(onePlayMore.plays).not.toBe(first.plays);
    expect(onePlayMore.plays.slice(0, -1)).toEqual(first.plays);
    onePlayMore.plays.slice(0, -1).forEach((play, i) => expect(play).toBe(first.plays[i]));
    expect(onePlayMore.winprobability!.at(-2)).toBe(first.winprobability!.at(-1));
    expect(onePlayMore.boxscore!.teams).toBe(first.boxscore!.teams);
    expect(onePlayMore.boxscore!.players[1]).toBe(first.boxscore!.players[1]);
    expect(onePlayMore.boxscore!.players[0]).not.toBe(first.boxscore!.players[0]);
    expect(onePlayMore.leaders).toBe(first.leaders);

    // A play revised in the middle, one removed, the text laid out anew, a section gone: all read right.
    const revised = read(changed(NBA, (s) => (s.plays[200].text = 'Revised')));
    expect(revised.plays[200]!.text).toBe('Revised');
    expect(revised.plays[199]).toBe(first.plays[199]);
    expect(revised.plays[201]).toBe(first.plays[201]);
    read(changed(NBA, (s) => s.plays.splice(100, 1)));
    read(Buffer.from(JSON.stringify(realSummary(NBA), null, 2)));
    read(changed(NBA, (s) => delete s.boxscore));
    const again = read(bytes(realSummary(NBA)));
    expect(again).toStrictEqual(first);
    // The same body twice is the same summary.
    expect(read(bytes(realSummary(NBA)))).toBe(again);
  });

  it('reads a drive under way a play at a time, and the drives before it as they were', () => {
    const memo = newSummaryMemo();
    const summary = realSummary(NFL);
    const last = summary.drives.previous.pop();
    summary.drives.current = { ...last, plays: [] };
    let before: EspnSummary | null = null;
    for (const play of last.plays) {
      summary.drives.current.plays.push(play);
      const body = bytes(summary);
      const read = readEspnSummary(body, 'ESPN summary', memo);
      expect(read).toStrictEqual(bySchema(body));
      if (before) {
        expect(read.drives!.previous).toBe(before.drives!.previous);
        expect(read.drives!.current!.plays.slice(0, -1)).toStrictEqual(before.drives!.current!.plays);
        read
          .drives!.current!.plays.slice(0, -1)
          .forEach((kept, i) => expect(kept).toBe(before!.drives!.current!.plays[i]));
      }
      before = read;
    }
    // The drive ends: it joins the ones before, and nothing is under way.
    summary.drives.previous.push(summary.drives.current);
    delete summary.drives.current;
    const ended = readEspnSummary(bytes(summary), 'ESPN summary', memo);
    expect(ended).toStrictEqual(bySchema(bytes(summary)));
    expect(ended.drives!.previous.slice(0, -1)).toStrictEqual(before!.drives!.previous);
  });

  it('refuses a cut or garbled body as not JSON and keeps its last read for the next', () => {
    const memo = newSummaryMemo();
    const body = bytes(realSummary(NFL));
    readEspnSummary(body, 'ESPN summary', memo);
    const broken = [
      ...[1, 1_000, 50_000, body.length / 2, body.length - 1].map((end) => body.subarray(0, Math.floor(end))),
      Buffer.from(body.toString('utf8').replace('"drives":{', '"drives":[')),
      Buffer.from(body.toString('utf8').replace('"news":', '"news":}')),
      Buffer.from('{"header" {"competitions": []}}'),
      Buffer.from(`${body.toString('utf8')} {}`),
      Buffer.from('{"plays": [1,]}'),
      Buffer.from('{"plays": [{"id": "1"} {"id": "2"}]}'),
      Buffer.from('{"header": {"competitions": [tru]}}'),
    ];
    for (const bad of broken) {
      const error = (() => {
        try {
          readEspnSummary(bad, 'ESPN summary', memo);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(EspnError);
      expect((error as Error).message).toBe('ESPN summary is not JSON');
    }
    const next = changed(NFL, (s) => s.scoringPlays.push({ ...s.scoringPlays.at(-1), id: 'late' }));
    expect(readEspnSummary(next, 'ESPN summary', memo)).toStrictEqual(bySchema(next));
  });

  it('reads a hostile body of megabytes, more entries than it follows or deep nesting as the schema does', () => {
    const tiny = Buffer.from(
      `{"plays":[${'0,'.repeat(MAX_ELEMENTS * 2)}0],"leaders":[${'{},'.repeat(MAX_ELEMENTS + 1)}{}]}`,
    );
    expect(readEspnSummary(tiny)).toStrictEqual(bySchema(tiny));
    const huge = changed(NBA, (s) => {
      s.news = 'x'.repeat(2_000_000);
      playsOf(s)[0].text = 'y'.repeat(2_000_000);
      s.header.competitions[0].competitors[0].team.id = 'z'.repeat(500_000);
    });
    expect(huge.length).toBeGreaterThan(4_000_000);
    expect(readEspnSummary(huge)).toStrictEqual(bySchema(huge));
    const deep = Buffer.from(
      `{"news":${'['.repeat(MAX_DEPTH * 5)}${']'.repeat(MAX_DEPTH * 5)},"plays":[{"id":"1","text":"Deep"}]}`,
    );
    expect(readEspnSummary(deep)).toStrictEqual(bySchema(deep));
    // Unbalanced deep nesting is still not JSON.
    expect(() => readEspnSummary(Buffer.from(`{"news":${'['.repeat(MAX_DEPTH * 5)}}`))).toThrow(/not JSON/);
  }, 30_000);

  it('keeps each game’s last read in the reader, apart from the other games', async () => {
    const bodies = new Map<string, Buffer>([
      ['1', bytes(realSummary(NBA))],
      ['2', bytes(realSummary(NFL))],
    ]);
    const reader = createEspnSummaryReader({
      baseUrl: 'https://site.api.espn.com',
      fetch: async (input) => new Response(bodies.get(new URL(String(input)).searchParams.get('event')!)),
    });
    const nba = await reader.summary('nba', '1');
    const nfl = await reader.summary('nfl', '2');
    expect(nba).toStrictEqual(bySchema(bodies.get('1')!));
    expect(nfl).toStrictEqual(bySchema(bodies.get('2')!));
    bodies.set(
      '1',
      changed(NBA, (s) => (s.header.competitions[0].status.period = 5)),
    );
    const nbaAgain = await reader.summary('nba', '1');
    expect(nbaAgain).toStrictEqual(bySchema(bodies.get('1')!));
    expect(nbaAgain.plays).toBe(nba.plays);
    expect((await reader.summary('nfl', '2')).drives).toBe(nfl.drives);
  });
});
