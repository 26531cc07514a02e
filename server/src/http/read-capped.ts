/**
 * A response body as text, or null when it is larger than `maxBytes`. A declared length over the cap
 * is refused before reading; otherwise the body is counted as it arrives and the rest is not
 * downloaded once the cap is passed. Each caller turns null into its own error. Decoded as UTF-8 the
 * way `response.text()` decodes: a leading byte order mark is dropped (JSON.parse refuses one).
 */
export async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return '';
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
  return new TextDecoder().decode(Buffer.concat(chunks));
}
