import { describe, expect, it } from 'vitest';
import { EspnError } from './client';
import { createEspnSummaryReader, ESPN_SUMMARY_MAX_BYTES } from './summary';

/** A body sent in chunks with no Content-Length, as a chunked upstream answer is. */
function chunked(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent < chunks.length) controller.enqueue(encoder.encode(chunks[sent++]));
      else controller.close();
    },
  });
}

const readerAnswering = (answer: () => Response, maxBytes = 1_000) => {
  const asked: string[] = [];
  const reader = createEspnSummaryReader({
    baseUrl: 'https://site.api.espn.com/',
    maxBytes,
    fetch: async (input) => {
      asked.push(String(input));
      return answer();
    },
  });
  return { reader, asked };
};

describe('ESPN summary reader', () => {
  it("asks the league's summary for the event, and reads an empty summary as one with nothing in it", async () => {
    const { reader, asked } = readerAnswering(() => new Response('{}'));
    const summary = await reader.summary('mlb', '401472463');
    expect(asked).toEqual([
      'https://site.api.espn.com/apis/site/v2/sports/baseball/mlb/summary?event=401472463',
    ]);
    expect(summary).toMatchObject({ plays: [], scoringPlays: [], leaders: [] });
    expect(summary.winprobability).toBeUndefined();
  });

  it('refuses a body over the cap, whether its length is declared or it arrives in chunks', async () => {
    const declared = readerAnswering(
      () => new Response('{}', { headers: { 'content-length': String(ESPN_SUMMARY_MAX_BYTES + 1) } }),
      ESPN_SUMMARY_MAX_BYTES,
    );
    await expect(declared.reader.summary('nfl', '1')).rejects.toThrow(/larger than/);

    const streamed = readerAnswering(
      () => new Response(chunked(['{"plays":[', '"x",'.repeat(300), '"y"]}'])),
    );
    const failure = await streamed.reader.summary('nfl', '1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EspnError);
    expect((failure as Error).message).toMatch(/larger than 1000 bytes/);

    // Just under the cap reads.
    const under = readerAnswering(() => new Response(chunked(['{"plays":[', '"x",'.repeat(100), '"y"]}'])));
    await expect(under.reader.summary('nfl', '1')).resolves.toMatchObject({ plays: [] });
  });

  it('fails with an ESPN error on an error status, a body that is not JSON, or JSON that is not a summary', async () => {
    const status = readerAnswering(() => new Response('gone', { status: 404 }));
    await expect(status.reader.summary('nba', '1')).rejects.toMatchObject({ name: 'EspnError', status: 404 });
    const html = readerAnswering(() => new Response('<html>maintenance</html>'));
    await expect(html.reader.summary('nba', '1')).rejects.toThrow(/not JSON/);
    for (const body of ['[]', 'null', '"summary"']) {
      const odd = readerAnswering(() => new Response(body));
      await expect(odd.reader.summary('nba', '1')).rejects.toThrow(/not a game summary/);
    }
  });
});
