import { keys } from '../storage/keys';
import type { Store } from '../storage/store';

const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The development sign-in's authorization codes and access tokens, each standing for a login. */
export function createDevSignInStore(store: Store) {
  return {
    saveCode: (code: string, login: string) => store.set(keys.devOauthCode(code), login, CODE_TTL_MS),
    /** The code's login, once: a code is single-use, so reading it deletes it. */
    async takeCode(code: string): Promise<string | null> {
      const login = await store.get(keys.devOauthCode(code));
      if (login) await store.del(keys.devOauthCode(code));
      return login;
    },
    saveToken: (token: string, login: string) => store.set(keys.devOauthToken(token), login, TOKEN_TTL_MS),
    loginForToken: (token: string) => store.get(keys.devOauthToken(token)),
  };
}

export type DevSignInStore = ReturnType<typeof createDevSignInStore>;
