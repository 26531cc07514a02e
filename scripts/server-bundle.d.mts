// Types of server-bundle.mjs for the TypeScript that imports it (tests/licences.test.ts).
import type { BuildOptions } from 'esbuild';

export const SERVER_OUTFILE: string;
export function serverBuildOptions(root: string): BuildOptions & { metafile: true };
