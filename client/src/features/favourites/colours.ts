import { luminance } from '@client/lib/colour-contrast';

export { contrast, luminance, textOn } from '@client/lib/colour-contrast';

/** Near-black brand colours vanish on the dark theme; those follow the text colour instead. */
export function isNearBlack(hex: string): boolean {
  return luminance(hex) < 0.03;
}
