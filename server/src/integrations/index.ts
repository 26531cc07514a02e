/**
 * Which provider serves each integration, decided here once from config. Everything optional has a
 * built-in default, so the app runs with no keys: the development sign-in instead of GitHub, the
 * local news index instead of Exa, the built-in page reader instead of Jina, extractive summaries
 * instead of an AI endpoint, WebRTC voice instead of Twilio, and ESPN's public scoreboard.
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createEspnClient, type EspnClient } from './espn/client';
import { createExaClient, type ExaClient } from './exa/client';
import { createGitHubClient, type GitHubClient } from './github/client';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_OAUTH_PATH } from './github/dev-sign-in';
import { createJinaReaderClient, type JinaReaderClient } from './jina/client';
import { createOidcClient, type OidcClient } from './oidc/client';
import { createOpenAICompatibleClient, loadOpenAISdk, type LlmClient } from './openai/client';
import { MissingPackageError } from './optional-package';
import { createTwilioVoice, loadTwilioSdk, type TwilioVoice } from './twilio';

export interface Providers {
  /** The sign-ins, for the start-up log: 'github, gitlab', 'development' or 'not configured'. */
  signIn: string;
  github: GitHubClient | null;
  /** One client per OpenID Connect provider of OIDC_PROVIDERS (none when unset). */
  oidc: OidcClient[];
  /** Whether this app serves the development sign-in's GitHub-like pages. */
  devSignInPages: boolean;
  /** Exa when EXA_API_KEY is set, else the local index of NEWS_FEEDS. */
  exa: ExaClient | null;
  /** Jina Reader when JINA_API_KEY is set, else the built-in reader. */
  jina: JinaReaderClient | null;
  /** The OpenAI-compatible endpoint when OPENAI_API_KEY is set (summaries, answers, text-llm scores). */
  llm: LlmClient | null;
  /** Twilio Voice when its four variables are set, else WebRTC audio signalled over the socket. */
  twilio: TwilioVoice | null;
  /** Where scores come from: text-llm when asked for and an AI endpoint is there, else ESPN. */
  scoreboard: { source: 'espn'; espn: EspnClient } | { source: 'text-llm'; llm: LlmClient; textUrl: string };
}

export interface ProviderOverrides {
  /** Replaces the GitHub client built from config (tests); the development pages are then not served. */
  github?: GitHubClient | null;
  /** Replaces the OpenAI-compatible client built from config (tests). */
  llm?: LlmClient;
}

/**
 * Loads the optional packages of the integrations that config turns on (twilio, openai), at start-up,
 * so one that is not installed is said then, with what to install, rather than at its first use.
 * Resolves with one line per missing package; other failures reject.
 */
export async function missingIntegrationPackages(config: Config): Promise<string[]> {
  const loads = await Promise.allSettled([
    config.twilioConfigured ? loadTwilioSdk() : null,
    config.OPENAI_API_KEY ? loadOpenAISdk() : null,
  ]);
  const problems: string[] = [];
  for (const load of loads) {
    if (load.status === 'fulfilled') continue;
    if (!(load.reason instanceof MissingPackageError)) throw load.reason;
    problems.push(load.reason.message);
  }
  return problems;
}

export function resolveProviders(
  config: Config,
  {
    logger,
    selfUrl,
    overrides = {},
  }: {
    logger: Logger;
    /** This app's own address once it listens: the server side of the development sign-in calls it. */
    selfUrl: () => string;
    overrides?: ProviderOverrides;
  },
): Providers {
  const github =
    overrides.github !== undefined
      ? overrides.github
      : config.githubConfigured
        ? createGitHubClient({
            authorizeBaseUrl: config.GITHUB_URL,
            oauthBaseUrl: config.GITHUB_URL,
            apiBaseUrl: config.GITHUB_API_URL,
            clientId: config.GITHUB_CLIENT_ID!,
            clientSecret: config.GITHUB_CLIENT_SECRET!,
          })
        : config.devSignInEnabled
          ? createGitHubClient({
              authorizeBaseUrl: `${config.PUBLIC_URL}${DEV_OAUTH_PATH}`,
              oauthBaseUrl: () => `${selfUrl()}${DEV_OAUTH_PATH}`,
              apiBaseUrl: () => `${selfUrl()}${DEV_OAUTH_PATH}`,
              clientId: DEV_CLIENT_ID,
              clientSecret: DEV_CLIENT_SECRET,
            })
          : null;

  const llm =
    overrides.llm ??
    (config.OPENAI_API_KEY
      ? createOpenAICompatibleClient({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_MODEL,
        })
      : null);

  if (config.SPORTS_SOURCE === 'text-llm' && !llm) {
    logger.warn('SPORTS_SOURCE=text-llm needs OPENAI_API_KEY: using the ESPN scoreboard instead');
  }
  const scoreboard: Providers['scoreboard'] =
    config.SPORTS_SOURCE === 'text-llm' && llm
      ? { source: 'text-llm', llm, textUrl: config.SPORTS_TEXT_URL }
      : { source: 'espn', espn: createEspnClient({ baseUrl: config.ESPN_BASE_URL }) };

  const oidc = config.oidcProviders.map((provider) => createOidcClient(provider));
  const signIns = [...(config.githubConfigured ? ['github'] : []), ...oidc.map(({ id }) => id)];
  return {
    signIn: signIns.join(', ') || (config.devSignInEnabled ? 'development' : 'not configured'),
    github,
    oidc,
    devSignInPages: config.devSignInEnabled && overrides.github === undefined,
    exa: config.EXA_API_KEY
      ? createExaClient({ apiKey: config.EXA_API_KEY, baseUrl: config.EXA_BASE_URL })
      : null,
    jina: config.JINA_API_KEY
      ? createJinaReaderClient({ baseUrl: config.JINA_READER_URL, apiKey: config.JINA_API_KEY })
      : null,
    llm,
    twilio: config.twilioConfigured
      ? createTwilioVoice({
          accountSid: config.TWILIO_ACCOUNT_SID!,
          apiKeySid: config.TWILIO_API_KEY_SID!,
          apiKeySecret: config.TWILIO_API_KEY_SECRET!,
          twimlAppSid: config.TWILIO_TWIML_APP_SID!,
          authToken: config.TWILIO_AUTH_TOKEN,
        })
      : null,
    scoreboard,
  };
}
