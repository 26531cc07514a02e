import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExaClient, EXA_STREAM_LINE_MAX_CHARS, ExaError, parseStreamLine } from './client';

/** Exa answering the stream with `pieces`, each sent as its own chunk. */
function streamOf(pieces: string[]) {
  const encoder = new TextEncoder();
  vi.stubGlobal('fetch', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return createExaClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
}

async function collect(client: ReturnType<typeof createExaClient>) {
  const chunks = [];
  for await (const chunk of client.streamAnswer({ query: 'q', text: false })) chunks.push(chunk);
  return chunks;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseStreamLine (Exa answer stream)', () => {
  it('reads text deltas and citations, and the end marker', () => {
    expect(parseStreamLine('data: {"choices":[{"delta":{"content":"Par"}}]}')).toEqual({ content: 'Par' });
    expect(parseStreamLine('data: {"citations":[{"id":"a","url":"https://a.example"}]}')).toEqual({
      citations: [{ id: 'a', url: 'https://a.example' }],
    });
    expect(parseStreamLine('data: [DONE]')).toBe('done');
  });

  it('skips what is not a data line or not JSON, as the SDK does', () => {
    expect(parseStreamLine('')).toBeNull();
    expect(parseStreamLine(': keep-alive')).toBeNull();
    expect(parseStreamLine('event: message')).toBeNull();
    expect(parseStreamLine('data: {not json')).toBeNull();
    expect(parseStreamLine('data: {"choices":[{"delta":{}}]}')).toBeNull();
  });

  it('throws on an error chunk', () => {
    expect(() => parseStreamLine('data: {"error":{"message":"quota"}}')).toThrow(ExaError);
  });
});

describe('streamAnswer (Exa answer stream)', () => {
  it('reads lines split across pieces, with either line ending', async () => {
    const line = 'data: {"choices":[{"delta":{"content":"Chiefs win"}}]}';
    const client = streamOf([line.slice(0, 10), `${line.slice(10)}\r`, `\n${line}\n`, 'data: [DONE]\n']);
    expect(await collect(client)).toEqual([{ content: 'Chiefs win' }, { content: 'Chiefs win' }]);
  });

  it('ends with an error when one line is longer than the limit, whatever the pieces', async () => {
    const pieces = Array.from({ length: 200 }, () => 'x'.repeat(EXA_STREAM_LINE_MAX_CHARS / 100));
    await expect(collect(streamOf(['data: ', ...pieces]))).rejects.toThrow(ExaError);
  });
});
