/**
 * URL helpers shared by client and server. Plain loops rather than patterns: /\/+$/ looks like one
 * pass but rescans a run of slashes from each of them when the run is not at the end (quadratic), and
 * these run on what users type.
 */

/** `value` without the slashes it ends with. */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end--;
  return end === value.length ? value : value.slice(0, end);
}
