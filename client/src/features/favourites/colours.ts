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

/** Text colour that stays readable on a background of this colour. */
export function textOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#0f172a' : '#ffffff';
}

/** Near-black brand colours vanish on the dark theme; those follow the text colour instead. */
export function isNearBlack(hex: string): boolean {
  return luminance(hex) < 0.03;
}
