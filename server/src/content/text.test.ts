import { describe, expect, it } from 'vitest';
import {
  capText,
  contentWords,
  DIGEST_INPUT_MAX_CHARS,
  extractiveDigest,
  htmlToText,
  markdownToPlain,
  splitSentences,
} from './text';

const run = (piece: string, chars: number) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

describe('htmlToText', () => {
  it('keeps the text of blocks apart and drops scripts and styles', () => {
    expect(htmlToText('<p>One.</p><p>Two &amp; three</p><script>x()</script><style>p{}</style>')).toBe(
      'One. Two & three',
    );
    expect(htmlToText('plain text   with  spaces')).toBe('plain text with spaces');
  });
});

describe('splitSentences', () => {
  it('splits on sentence ends but keeps abbreviations and initials whole', () => {
    expect(
      splitSentences(
        'Mr. Smith went to Washington. He met Dr. Jones at 3.5 p.m. today! Was it J. R. Smith? Yes.',
      ),
    ).toEqual([
      'Mr. Smith went to Washington.',
      'He met Dr. Jones at 3.5 p.m. today!',
      'Was it J. R. Smith?',
      'Yes.',
    ]);
  });

  it('treats paragraphs as boundaries', () => {
    expect(splitSentences('First paragraph without a stop\n\nSecond one.')).toEqual([
      'First paragraph without a stop',
      'Second one.',
    ]);
  });
});

describe('markdownToPlain and contentWords', () => {
  it('reduces markdown to prose', () => {
    expect(
      markdownToPlain(
        '# Title\n\nSee [the docs](https://x.example) and **bold** `code`.\n\n![img](a.png)',
      ).trim(),
    ).toBe('Title\n\nSee the docs and bold code.');
  });

  it('keeps content words only', () => {
    expect(contentWords("The Chiefs' coach said they would win")).toEqual(['chiefs', 'coach', 'win']);
  });
});

describe('extractiveDigest', () => {
  const article = [
    'The Kansas City Chiefs beat the Buffalo Bills 27-24 in overtime on Sunday night at Arrowhead Stadium.',
    'Patrick Mahomes threw for 312 yards and two touchdowns in the comeback win for Kansas City.',
    'Photo: Getty Images',
    'The Bills had led by ten points early in the fourth quarter before their offence stalled badly.',
    'Kansas City coach Andy Reid praised the Chiefs defence and the offensive line after the overtime win.',
    'Tickets for the next home game go on sale on Monday morning at the stadium box office.',
  ].join('\n\n');

  it('summarises with the lead sentences, skipping captions', () => {
    const { summary } = extractiveDigest(article);
    expect(summary).toBe(
      'The Kansas City Chiefs beat the Buffalo Bills 27-24 in overtime on Sunday night at Arrowhead Stadium. ' +
        'Patrick Mahomes threw for 312 yards and two touchdowns in the comeback win for Kansas City. ' +
        'The Bills had led by ten points early in the fourth quarter before their offence stalled badly.',
    );
  });

  it('highlights the sentences about what the article is about, in reading order, outside the summary', () => {
    const { highlights } = extractiveDigest(article, { highlights: 1 });
    expect(highlights).toEqual([
      'Kansas City coach Andy Reid praised the Chiefs defence and the offensive line after the overtime win.',
    ]);
  });

  it('copes with text that has no usable sentence', () => {
    expect(extractiveDigest('Short.')).toEqual({ summary: 'Short.', highlights: ['Short.'] });
    expect(extractiveDigest('')).toEqual({ summary: '', highlights: [] });
  });

  it('caps a long summary at a word boundary', () => {
    const long = Array.from({ length: 3 }, (_, i) => `Sentence ${i} ${'word '.repeat(70)}end.`).join(' ');
    const { summary } = extractiveDigest(long);
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('hostile text', () => {
  it('caps text without splitting a surrogate pair', () => {
    expect(capText('ab😀', 3)).toBe('ab');
    expect(capText('ab😀', 4)).toBe('ab😀');
    expect(capText('abc', 10)).toBe('abc');
  });

  it.each([
    ['brackets', '['],
    ['image openers', '!['],
    ['link ends', ']('],
    ['empty links', '[]('],
    ['code fences', '```x'],
    ['heading marks', '#'],
  ])('reduces megabytes of %s to prose, capped', (_name, piece) => {
    expect(markdownToPlain(run(piece, 5_000_000)).length).toBeLessThanOrEqual(DIGEST_INPUT_MAX_CHARS);
  });

  it('keeps a run of abbreviations in one sentence', () => {
    const sentences = splitSentences(`It began. ${run('Mr. ', 400_000)}Smith won.`);
    expect(sentences).toHaveLength(2);
    expect(sentences[1]!.endsWith('Smith won.')).toBe(true);
  });

  it.each([
    ['brackets', '['],
    ['image openers', '!['],
    ['abbreviations', 'Mr. '],
    ['initials', 'A. '],
  ])('summarises a lead sentence followed by megabytes of %s', (_name, piece) => {
    const lead =
      'The Kansas City Chiefs beat the Buffalo Bills in overtime on Sunday night at Arrowhead Stadium.';
    const { summary } = extractiveDigest(`${lead}\n\n${run(piece, 2_000_000)}`);
    expect(summary.startsWith(lead)).toBe(true);
  });

  it('reads the text of a fragment of nested tags', () => {
    expect(htmlToText(`<p>Top.</p>${run('<div>', 1_000_000)}`)).toBe('Top.');
  });
});
