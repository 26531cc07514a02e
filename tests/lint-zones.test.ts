// The import zones in eslint.config.js, checked through ESLint itself: each sample is linted as if it
// sat at the given path, so a zone that stops matching (a renamed folder, a glob that no longer
// applies) fails here instead of letting every import through.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

/** The import-zone messages ESLint reports for `code` placed at `filePath`. */
async function zoneMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/import-zones').map((m) => m.message);
}

const cases: { zone: string; file: string; refused: string[]; allowed: string[] }[] = [
  {
    zone: 'a client feature imports no other feature',
    file: 'client/src/features/chat/zone-sample.ts',
    refused: ['@client/features/voice', '@client/features/voice/use-voice-chat', '../voice', '../voice/x'],
    allowed: [
      './chat-reducer',
      '@client/features/chat/chat-reducer',
      '@client/lib/api-client',
      '../../lib/x',
    ],
  },
  {
    zone: 'a file deeper in a feature still reaches other features only through app/',
    file: 'client/src/features/chat/parts/zone-sample.ts',
    refused: ['../../voice', '../../sports/x'],
    allowed: ['../chat-reducer', '../../../components/x'],
  },
  {
    zone: 'client components import no feature',
    file: 'client/src/components/zone-sample.tsx',
    refused: ['@client/features/chat', '../features/sports/x'],
    allowed: ['@client/lib/api-client', './button'],
  },
  {
    zone: 'client lib imports no feature',
    file: 'client/src/lib/zone-sample.ts',
    refused: ['@client/features/podcast'],
    allowed: ['@client/components/x', '@shared/events'],
  },
  {
    zone: 'client app/ composes features',
    file: 'client/src/app/zone-sample.tsx',
    refused: [],
    allowed: ['@client/features/chat', '@client/features/voice'],
  },
  {
    zone: 'the client imports neither the server nor Node built-ins',
    file: 'client/src/features/sports/zone-sample.ts',
    refused: ['@server/errors', '../../../../server/src/errors', 'node:crypto', 'fs'],
    allowed: ['@shared/events', 'react'],
  },
  {
    zone: 'shared imports neither side nor Node built-ins',
    file: 'shared/src/schemas/zone-sample.ts',
    refused: [
      '@client/lib/x',
      '@server/errors',
      '../../../server/src/errors',
      '../../../client/src/x',
      'node:url',
    ],
    allowed: ['../url', '@shared/limits', 'zod'],
  },
  {
    zone: 'the server imports no client code',
    file: 'server/src/chat/zone-sample.ts',
    refused: ['@client/lib/api-client', '../../../client/src/lib/x'],
    allowed: ['@shared/events', '@server/errors', 'node:crypto', '../storage/store'],
  },
  {
    zone: 'vendor SDKs stay in server/src/integrations/',
    file: 'server/src/content/zone-sample.ts',
    refused: ['openai', 'openai/helpers/zod', 'twilio'],
    allowed: ['@server/integrations/openai/client', 'openai-like-name'],
  },
  {
    zone: 'server integrations import no feature',
    file: 'server/src/integrations/github/zone-sample.ts',
    refused: ['../../auth/dev-oauth', '@server/chat', '@server/sports/service'],
    allowed: ['./client', '../optional-package', '../../config', '../../errors', '@server/storage/store'],
  },
  {
    zone: 'the rest of the shared plumbing imports no feature either',
    file: 'server/src/realtime/zone-sample.ts',
    refused: ['../voice/service', '../auth', '@server/content/routes'],
    allowed: ['./rooms', '../http/validate', '../metrics', '../integrations', '@server/feature'],
  },
  {
    zone: 'features and the app that composes them build on the plumbing',
    file: 'server/src/chat/zone-sample.ts',
    refused: [],
    allowed: ['../integrations/github/dev-sign-in', '../realtime/ack', '../storage/store'],
  },
  {
    zone: 'server/src/integrations/ may import vendor SDKs',
    file: 'server/src/integrations/openai/zone-sample.ts',
    refused: [],
    allowed: ['openai', 'openai/helpers/zod', 'twilio'],
  },
];

describe('lint import zones', () => {
  // The first lint loads the config, its plugins and the TypeScript parser: not a zone's time.
  beforeAll(() => zoneMessages('server/src/http/zone-sample.ts', ''), 60_000);

  for (const { zone, file, refused, allowed } of cases) {
    it(zone, async () => {
      for (const specifier of refused) {
        const forms = [
          `import { x } from '${specifier}';\nexport const y = x;\n`,
          `export { x } from '${specifier}';\n`,
          `export const load = () => import('${specifier}');\n`,
        ];
        for (const code of forms) {
          expect(await zoneMessages(file, code), `${file}: ${code}`).toEqual([
            expect.stringContaining(`'${specifier}'`),
          ]);
        }
      }
      for (const specifier of allowed) {
        const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
        expect(await zoneMessages(file, code), `${file}: ${code}`).toEqual([]);
      }
    });
  }

  it('tests and tooling are outside the zones', async () => {
    expect(await zoneMessages('tests/integration/zone-sample.ts', "import twilio from 'twilio';\n")).toEqual(
      [],
    );
  });

  it('keeps the state library behind client/src/lib/store.ts', async () => {
    const messagesFor = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    const useAtom = "import { useAtomValue } from 'jotai';\nexport const y = useAtomValue;\n";
    const reset = "import { RESET } from 'jotai/utils';\nexport const y = RESET;\n";
    for (const code of [useAtom, reset]) {
      expect(await messagesFor('client/src/features/sports/zone-sample.ts', code)).toEqual([
        expect.stringContaining('@client/lib/store'),
      ]);
      expect(await messagesFor('client/src/lib/store.ts', code)).toEqual([]);
    }
    const throughStore =
      "import { useAtomValue } from '@client/lib/store';\nexport const y = useAtomValue;\n";
    expect(await messagesFor('client/src/features/sports/zone-sample.ts', throughStore)).toEqual([]);
  });
});
