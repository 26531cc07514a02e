/** WCAG colour contrast for text on brand and team colours, shared by every feature. */

/** Relative luminance of a `#RRGGBB` colour (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return 0;
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

// Pure black, not the theme's near-black: with white it reaches 4.5:1 on every colour (the worst
// case, mid-luminance blues and reds, is 4.58:1), which #0f172a does not.
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

/** WCAG contrast ratio of two colours (1 to 21); 4.5 is the AA minimum for small text. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Text colour that stays readable on a background of this colour: whichever contrasts more. */
export function textOn(hex: string): string {
  return contrast(hex, DARK_TEXT) > contrast(hex, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
