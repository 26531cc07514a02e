/** A name's words in lower case, without punctuation ('Next.js' has 'next' and 'js'). */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The end of a chip's or tile's accessible name: its full name, heard but not shown, after the
 * words shown. The shown words come first so a person using speech control can say what they see
 * ('KC'), and the full name follows for everyone else ('KC (Kansas City Chiefs)'), unless the shown
 * words already say it ('REACT' for 'React'). Browsers put a space before hidden words whatever they
 * start with, hence brackets rather than a comma.
 */
export function HiddenFullName({ shown, name }: { shown: string; name: string }) {
  const shownWords = new Set(words(shown));
  if (words(name).every((word) => shownWords.has(word))) return null;
  return (
    <>
      {' '}
      <span className="sr-only">({name})</span>
    </>
  );
}
