/**
 * axe-core on a page, the one way every spec runs it: `axeViolations(page, { include, rules })`
 * answers axe's violations (each with its rule, impact and every failing node, in full); the spec
 * decides which ones fail it.
 *
 * Cheaper than a bare `new AxeBuilder({ page }).analyze()`, with the same checks:
 * - Only violations are reported in full. axe still runs every rule on every node, but passes,
 *   incomplete and inapplicable results keep one node each (axe's `resultTypes`), so it does not
 *   describe every passing node; the specs read violations only.
 * - On a page without frames, axe runs in the page in one pass (AxeBuilder's legacy mode). By
 *   default AxeBuilder runs axe in each frame, then opens a blank tab, loads axe again there and
 *   hands it every frame's results, every passing node described, to merge: that tab cost more CPU
 *   than the checks themselves. With no frame there is nothing to merge, so the results are the
 *   same. A page with frames (the frame viewer's) keeps the default, which also checks a frame from
 *   another origin.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeOptions = NonNullable<Parameters<AxeBuilder['options']>[0]>;

/**
 * Off by default in axe (experimental), on in Lighthouse: a name that does not start with what the
 * control shows cannot be said by someone using speech control.
 */
export const LABEL_CONTENT_NAME_MISMATCH: NonNullable<AxeOptions['rules']> = {
  'label-content-name-mismatch': { enabled: true },
};

export interface AxeScope {
  /** Check only inside the elements this CSS selector matches (default: the whole page). */
  include?: string;
  /** Rules turned on or off on top of axe's defaults. */
  rules?: AxeOptions['rules'];
}

/** axe's violations on the page as it is now. */
export async function axeViolations(page: Page, { include, rules }: AxeScope = {}) {
  const builder = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    ...(rules ? { rules } : {}),
  });
  if (include !== undefined) builder.include(include);
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  return violations;
}
