// Types of third-party.mjs for the TypeScript that imports it (vite.config.ts, tests/licences.test.ts).
import type { Metafile } from 'esbuild';
import type { Rollup } from 'vite';

/** SPDX ids of the licences of code the app may bundle. */
export const PACKAGE_LICENCES: readonly string[];
/** SPDX ids of the licences of the brand marks and icons the app may draw. */
export const MARK_LICENCES: readonly string[];

/** One installed copy of a package whose code is in a bundle; paths relative to the repository. */
export interface BundledPackage {
  name: string;
  version: string;
  /** The SPDX expression its package.json declares ('' when none). */
  license: string;
  /** package.json's author, as one line ('' when none). */
  author: string;
  dir: string;
  /** Its LICENSE, LICENCE, COPYING and NOTICE files. */
  licenceFiles: string[];
  /** Where it has no licence file: its README's licence section, if any. */
  readmeLicence: string | null;
}

export function licenceAllowed(expression: unknown, allowed: readonly string[]): boolean;
export function bundledPackages(files: Iterable<string>, root: string): BundledPackage[];
export function licenceProblems(packages: readonly BundledPackage[], allowed?: readonly string[]): string[];
export function serverBundleFiles(metafile: Metafile, outfile: string): string[];
export function clientBundleFiles(
  bundle: Rollup.OutputBundle,
  watchFiles: Iterable<string>,
  root: string,
): string[];
export function renderThirdPartyNotices(
  lists: Partial<Record<'server' | 'client', readonly BundledPackage[]>>,
  root: string,
): string;
export function writeThirdPartyNotices(
  bundle: 'server' | 'client',
  packages: readonly BundledPackage[],
  root: string,
): string;
