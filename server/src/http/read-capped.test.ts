import { describe, expect, it } from 'vitest';
import { readCapped, readCappedBytes } from './read-capped';

const encoder = new TextEncoder();

/** A streamed body (no declared length) of these chunks; `pulled` counts the chunks read from it. */
function streamed(chunks: Array<string | Uint8Array>) {
  const state = { pulled: 0, cancelled: false };
  let index = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk === undefined) {
          controller.close();
          return;
        }
        state.pulled++;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      },
      cancel() {
        state.cancelled = true;
      },
      // Nothing is pulled ahead: a chunk is read only when the reader asks for it.
    },
    { highWaterMark: 0 },
  );
  return { response: new Response(body), state };
}

describe('readCapped', () => {
  it('answers the body as text, a character split across chunks whole', async () => {
    const euro = encoder.encode('€');
    const { response } = streamed(['{"price":"', euro.slice(0, 1), euro.slice(1), '"}']);
    expect(await readCapped(response, 1_000)).toBe('{"price":"€"}');
  });

  it('drops a leading byte order mark, as a JSON parser needs and as response.text() does', async () => {
    const { response } = streamed(['\uFEFF{"ok":true}']);
    const text = await readCapped(response, 1_000);
    expect(text).toBe('{"ok":true}');
    expect(JSON.parse(text!)).toEqual({ ok: true });
    // Only a leading one: a mark inside the text is the text's.
    expect(await readCapped(new Response('a\uFEFFb'), 1_000)).toBe('a\uFEFFb');
  });

  it('reads a body of exactly the cap', async () => {
    expect(await readCapped(new Response('x'.repeat(64)), 64)).toBe('x'.repeat(64));
  });

  it('is null past the cap, and stops downloading there', async () => {
    const { response, state } = streamed(['x'.repeat(40), 'x'.repeat(40), 'x'.repeat(40), 'x'.repeat(40)]);
    expect(await readCapped(response, 64)).toBeNull();
    expect(state.pulled).toBe(2);
    expect(state.cancelled).toBe(true);
  });

  it('is null for a declared length past the cap, before reading anything', async () => {
    const { state } = streamed(['{}']);
    const body = new ReadableStream<Uint8Array>(
      { pull: () => void state.pulled++, cancel: () => void (state.cancelled = true) },
      { highWaterMark: 0 },
    );
    const response = new Response(body, { headers: { 'content-length': '999999' } });
    expect(await readCapped(response, 4096)).toBeNull();
    expect(state.pulled).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('is empty for an answer without a body', async () => {
    expect(await readCapped(new Response(null, { status: 204 }), 10)).toBe('');
  });
});

describe('readCappedBytes', () => {
  it('answers the bytes as they came, a leading byte order mark kept', async () => {
    const { response } = streamed(['\uFEFF{"price":"', '€"}']);
    const bytes = await readCappedBytes(response, 1_000);
    expect(bytes).toEqual(Buffer.from('\uFEFF{"price":"€"}', 'utf8'));
  });

  it('is null past the cap, and stops downloading there', async () => {
    const { response, state } = streamed(['x'.repeat(40), 'x'.repeat(40), 'x'.repeat(40)]);
    expect(await readCappedBytes(response, 64)).toBeNull();
    expect(state.pulled).toBe(2);
    expect(state.cancelled).toBe(true);
  });

  it('is empty for an answer without a body', async () => {
    expect(await readCappedBytes(new Response(null, { status: 204 }), 10)).toEqual(Buffer.alloc(0));
  });
});
