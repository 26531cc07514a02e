/**
 * A response body's bytes, or null when it is larger than `maxBytes`. A declared length over the cap
 * is refused before reading; otherwise the body is counted as it arrives and the rest is not
 * downloaded once the cap is passed. Each caller turns null into its own error. The bytes are as
 * they came (a leading byte order mark kept): for a caller that reads only parts of the body.
 */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A response body as text, or null when it is larger than `maxBytes` (read as readCappedBytes reads
 * it). Decoded as UTF-8 the way `response.text()` decodes: a leading byte order mark is dropped
 * (JSON.parse refuses one).
 */
export async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(response, maxBytes);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
