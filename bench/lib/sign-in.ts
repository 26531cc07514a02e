/**
 * Signs a login in through the app's development sign-in, the same OAuth code flow a browser walks
 * (tests/helpers/sign-in.ts without the test assertions), and returns the session cookie header.
 */
export async function signIn(baseUrl: string, login: string): Promise<string> {
  // On a busy machine the app's own call to the development OAuth server can time out (502/503):
  // that is the harness's load, not what a benchmark measures, so the sign-in is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await signInOnce(baseUrl, login);
    } catch (error) {
      if (attempt >= SIGN_IN_ATTEMPTS || !(error instanceof TransientSignInError)) throw error;
    }
  }
}

const SIGN_IN_ATTEMPTS = 3;

class TransientSignInError extends Error {}

async function signInOnce(baseUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', cookie());
    const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
    return response;
  }

  const start = await request('/api/auth/github/login');
  if (start.status !== 200) throw new Error(`sign-in start answered ${start.status}`);
  const authorize = new URL(((await start.json()) as { url: string }).url);
  const approved = await fetch(`${baseUrl}/dev-oauth/login/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: authorize.searchParams.get('client_id')!,
      redirect_uri: authorize.searchParams.get('redirect_uri')!,
      state: authorize.searchParams.get('state')!,
      login,
      decision: 'allow',
    }),
    headers: { origin: baseUrl },
    redirect: 'manual',
  });
  await approved.arrayBuffer();
  if (approved.status !== 302) throw new Error(`dev authorize answered ${approved.status}`);
  const callback = new URL(approved.headers.get('location')!);
  const done = await request('/api/auth/github', {
    method: 'POST',
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    }),
    headers: { 'content-type': 'application/json' },
  });
  await done.arrayBuffer();
  if (done.status === 502 || done.status === 503) {
    throw new TransientSignInError(`sign-in callback answered ${done.status}`);
  }
  if (done.status !== 200) throw new Error(`sign-in callback answered ${done.status}`);
  return cookie();
}

/** Runs `task` over `items` with at most `limit` at a time; resolves with every result in order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
