#!/usr/bin/env node
// Writes the client's icon modules from pinned versions of the icon packages, so the install carries
// only the icons the client draws instead of whole icon sets (lucide-react alone is 51 MB installed):
//
// - client/src/components/icons.tsx: the interface icons, React components drawn like lucide-react's
//   (same SVG attributes and classes), from lucide-react's icon data.
// - client/src/features/favourites/packaged-icons.ts: the brand marks the tech picker draws, from
//   simple-icons (its full package is 26 MB installed).
//
// Each package is fetched on demand with `npm pack` into a temporary folder, read and thrown away.
// To add an icon or move to a newer version, edit the lists and versions below, then run
// `node scripts/vendor-icons.mjs` and commit the result. NOTICE holds the icons' licences, and names
// every mark whose licence asks for attribution (tests/licences.test.ts checks it does).
//
// Every mark carries its licence (Simple Icons' own CC0-1.0 unless the mark has one of its own), and
// one whose licence is not in MARK_LICENCES (scripts/third-party.mjs), such as a non-commercial one,
// stops this script: the app must stay redistributable commercially. The Vue.js mark (CC-BY-NC-SA-4.0)
// is left out for that reason; its tile shows the initial badge.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { ROOT, runTool } from './lib.mjs';
import { MARK_LICENCES, licenceAllowed } from './third-party.mjs';

const LUCIDE_VERSION = '1.75.0';
/** The Lucide icons the client imports from @client/components/icons, by their component name. */
const LUCIDE_ICONS = [
  'BellRing',
  'ChevronLeft',
  'ChevronRight',
  'Clock',
  'Eye',
  'House',
  'ListFilter',
  'LogOut',
  'Menu',
  'Mic',
  'Moon',
  'Pause',
  'Play',
  'Presentation',
  'RotateCw',
  'Shield',
  'ShieldCheck',
  'Shuffle',
  'SkipBack',
  'SkipForward',
  'SlidersHorizontal',
  'SmilePlus',
  'Star',
  'Sun',
  'Timer',
  'Trash2',
  'TriangleAlert',
  'Tv',
  'User',
  'Volleyball',
  'Volume2',
  'VolumeX',
  'X',
];

const SIMPLE_ICONS_VERSION = '16.37.0';
/** The licence of Simple Icons' data, which a mark without a licence of its own is under. */
const SIMPLE_ICONS_LICENSE = 'CC0-1.0';
/**
 * The tech picker's packaged icons: `{category}:{short_name}` of the interests catalogue
 * (shared/src/data/tech-interests.ts) → the simple-icons export drawn for it.
 */
const TECH_ICONS = {
  'languages:JS': 'siJavascript',
  'languages:TS': 'siTypescript',
  'languages:PY': 'siPython',
  'languages:JAVA': 'siOpenjdk',
  'languages:C++': 'siCplusplus',
  'languages:GO': 'siGo',
  'languages:RUST': 'siRust',
  'languages:SWIFT': 'siSwift',
  'languages:KT': 'siKotlin',
  'languages:PHP': 'siPhp',
  'languages:RB': 'siRuby',
  'languages:R': 'siR',
  'languages:SCALA': 'siScala',
  'languages:DART': 'siDart',
  'stacks:REACT': 'siReact',
  'stacks:NG': 'siAngular',
  'stacks:NODE': 'siNodedotjs',
  'stacks:EXP': 'siExpress',
  'stacks:NEXT': 'siNextdotjs',
  'stacks:NUXT': 'siNuxt',
  'stacks:DJ': 'siDjango',
  'stacks:FLASK': 'siFlask',
  'stacks:SPRING': 'siSpringboot',
  'stacks:LARAVEL': 'siLaravel',
  'stacks:RAILS': 'siRubyonrails',
  'stacks:FLUTTER': 'siFlutter',
  'stacks:RN': 'siReact',
  'stacks:TF': 'siTensorflow',
  'stacks:PT': 'siPytorch',
  'companies:ANTHROPIC': 'siAnthropic',
  'companies:GOOGLE': 'siGoogle',
  'companies:AAPL': 'siApple',
  'companies:META': 'siMeta',
  'companies:TSLA': 'siTesla',
  'companies:NVDA': 'siNvidia',
  'companies:NFLX': 'siNetflix',
  'companies:UBER': 'siUber',
  'companies:ABNB': 'siAirbnb',
  'companies:STRIPE': 'siStripe',
  'companies:SHOP': 'siShopify',
  'companies:SNOW': 'siSnowflake',
  'companies:DATABRICKS': 'siDatabricks',
  'companies:HF': 'siHuggingface',
  'companies:PERP': 'siPerplexity',
  'companies:NOTION': 'siNotion',
  'companies:FIGMA': 'siFigma',
  'companies:VERCEL': 'siVercel',
  'companies:SUPABASE': 'siSupabase',
  'companies:PLANET': 'siPlanetscale',
};

/** Unpacks `name@version` from the registry into a temporary folder; returns its `package/` path. */
function fetchPackage(name, version) {
  const dir = mkdtempSync(join(tmpdir(), 'vendor-icons-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const output = execFileSync(
    npm,
    ['pack', `${name}@${version}`, '--pack-destination', dir, '--json', '--silent'],
    { cwd: dir, encoding: 'utf8', shell: process.platform === 'win32' },
  );
  const [{ filename }] = JSON.parse(output);
  execFileSync('tar', ['-xzf', filename], { cwd: dir });
  return { root: join(dir, 'package'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `TriangleAlert` → `triangle-alert`, `Trash2` → `trash-2`: the file names lucide-react uses. */
function kebab(name) {
  return name
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** `face-slightly-smiling-plus` → `FaceSlightlySmilingPlus`: lucide-react's display names. */
function pascal(slug) {
  return slug.replace(/(?:^|-)([a-z0-9])/g, (_, letter) => letter.toUpperCase());
}

/**
 * One icon's elements from lucide-react's ES module: its `__iconData` object literal, evaluated on
 * its own in an empty context (it holds only strings and numbers), without React's `key`s. An old
 * name's module only re-exports the icon's current one (`SmilePlus` is `face-slightly-smiling-plus`).
 */
function readLucideIcon(root, name, fileName = kebab(name)) {
  const file = join(root, 'dist/esm/icons', `${fileName}.mjs`);
  const source = readFileSync(file, 'utf8');
  const renamed = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(source)?.[1];
  if (renamed) return readLucideIcon(root, name, renamed);
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)?.[1];
  if (!literal) throw new Error(`${file}: no __iconData found`);
  const data = runInNewContext(`(${literal})`, {});
  if (data.size !== 24) throw new Error(`${file}: a ${data.size} px grid, the components assume 24`);
  const nodes = data.node.map(([tag, { key: _key, ...attributes }, children]) => {
    if (children) throw new Error(`${file}: nested elements are not supported`);
    return [tag, attributes];
  });
  // lucide-react's classes: its own, the icon's name and each of its former names.
  const classes = ['lucide', ...[data.name, ...(data.aliases ?? [])].map((slug) => `lucide-${slug}`)];
  return { displayName: pascal(data.name), classes: classes.join(' '), nodes };
}

function lucideModule(icons) {
  const exports = icons
    .map(
      ({ name, displayName, classes, nodes }) =>
        `export const ${name} = createIcon('${displayName}', '${classes}', ${JSON.stringify(nodes)});`,
    )
    .join('\n');
  return `// SPDX-License-Identifier: ISC AND MIT
// Generated by scripts/vendor-icons.mjs from lucide-react ${LUCIDE_VERSION}: do not edit, run it again.
// Lucide icons, ISC License, Copyright (c) 2026 Lucide Icons and Contributors; some derive from
// Feather, MIT License, Copyright (c) 2013-present Cole Bemis. The full notices are in NOTICE.
import { createElement, type ReactNode, type SVGProps } from 'react';

type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  /** Width and height; 24 by default, the grid the icons are drawn on. */
  size?: number | string;
  children?: ReactNode;
};

/** Whether the caller named the icon for assistive technology (it is hidden otherwise). */
function isLabelled(props: object): boolean {
  return Object.entries(props).some(
    ([name, value]) =>
      value != null && (name.startsWith('aria-') || name === 'role' || name === 'title'),
  );
}

/**
 * An icon component drawn as lucide-react draws it: a 24 × 24 stroked outline in currentColor,
 * classes \`lucide lucide-<name>\` before the caller's, hidden from assistive technology unless
 * labelled; any SVG attribute the caller passes wins.
 */
function createIcon(displayName: string, iconClasses: string, nodes: IconNode) {
  function Icon({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) {
    const classes = new Set(\`\${iconClasses} \${className ?? ''}\`.split(/\\s+/));
    classes.delete('');
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...classes].join(' '),
        ...(Boolean(children) || isLabelled(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...nodes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
      children,
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

${exports}
`;
}

function techIconsModule(icons) {
  const names = [...new Set(Object.values(TECH_ICONS))].sort();
  const constants = names
    .map((name) => {
      const { title, hex, path, source } = icons[name];
      const license = markLicence(icons[name]);
      return `// ${title}: ${source}\nconst ${name}: PackagedIcon = ${JSON.stringify({ title, hex, path, license })};`;
    })
    .join('\n');
  const entries = Object.entries(TECH_ICONS)
    .map(([key, name]) => `  ${JSON.stringify(key)}: ${name},`)
    .join('\n');
  return `// Generated by scripts/vendor-icons.mjs from simple-icons ${SIMPLE_ICONS_VERSION}: do not edit, run it again.
// Simple Icons, CC0 1.0 Universal; a mark with a licence of its own carries it. The brands' marks stay
// their owners' trademarks. NOTICE has the details.

/** A brand's mark: its name, its colour (hex, no \`#\`) and its SVG path on a 24 × 24 grid. */
export interface PackagedIcon {
  title: string;
  hex: string;
  path: string;
  /** The mark's licence (SPDX id): Simple Icons' ${SIMPLE_ICONS_LICENSE}, or the mark's own. */
  license: string;
}

${constants}

/**
 * The marks the tech picker draws, keyed \`{category}:{short_name}\`. They replace the catalogue's CDN
 * URLs; items without one here fall back to the catalogue's icon_url, then to a coloured initial.
 */
export const PACKAGED_ICONS: Record<string, PackagedIcon> = {
${entries}
};
`;
}

/**
 * A mark's licence as an SPDX id: its own (simple-icons' \`license.type\`), else Simple Icons' CC0.
 * Throws on one the app may not ship.
 */
function markLicence(icon) {
  const license = icon.license?.type ?? SIMPLE_ICONS_LICENSE;
  if (!licenceAllowed(license, MARK_LICENCES)) {
    throw new Error(
      `simple-icons: the ${icon.title} mark is under ${license}, which is not in MARK_LICENCES ` +
        '(scripts/third-party.mjs): leave it out of TECH_ICONS',
    );
  }
  return license;
}

async function writeFormatted(relativePath, text) {
  const path = join(ROOT, relativePath);
  writeFileSync(path, text);
  const code = await runTool('prettier', ['--write', '--log-level', 'warn', path]);
  if (code !== 0) throw new Error(`prettier failed on ${relativePath}`);
  console.log(`vendor-icons: ${relativePath}`);
}

async function vendorLucide() {
  const lucide = fetchPackage('lucide-react', LUCIDE_VERSION);
  try {
    const icons = [...LUCIDE_ICONS].sort().map((name) => ({ name, ...readLucideIcon(lucide.root, name) }));
    await writeFormatted('client/src/components/icons.tsx', lucideModule(icons));
  } finally {
    lucide.dispose();
  }
}

async function vendorSimpleIcons() {
  const simpleIcons = fetchPackage('simple-icons', SIMPLE_ICONS_VERSION);
  try {
    // The package's ES module is plain data (one object per icon), with no imports of its own.
    const icons = await import(pathToFileURL(join(simpleIcons.root, 'index.mjs')).href);
    for (const name of Object.values(TECH_ICONS)) {
      if (!icons[name]) throw new Error(`simple-icons ${SIMPLE_ICONS_VERSION} has no ${name}`);
    }
    await writeFormatted('client/src/features/favourites/packaged-icons.ts', techIconsModule(icons));
  } finally {
    simpleIcons.dispose();
  }
}

await vendorLucide();
await vendorSimpleIcons();
