import { describe, expect, it } from 'vitest';
import { nameMatcher, scoreNews } from './scoring';

const story = (title: string, description = '') => ({
  title,
  description,
  url: `https://x.example/${title.length}`,
});

describe('nameMatcher', () => {
  it('matches a name of several words, or an invented spelling, as whole words in any case', () => {
    expect(nameMatcher('Nox Metals').names('Inside NOX METALS, the factory')).toBe(true);
    expect(nameMatcher('Nox Metals').names('Nox  Metals\nraises')).toBe(true);
    expect(nameMatcher('Nox Metals').names('Noxious metals in the river')).toBe(false);
    expect(nameMatcher('RealRoots').names('realroots launches in Austin')).toBe(true);
    expect(nameMatcher('RealRoots').names('surrealroots festival')).toBe(false);
    expect(nameMatcher('TectoAI').names('Meet TectoAI.')).toBe(true);
    expect(nameMatcher('dScribe AI').names('dScribe AI, reviewed')).toBe(true);
  });

  it('counts a plain-word name only as written and beside startup context', () => {
    const blue = nameMatcher('Blue');
    expect(blue.ambiguous).toBe(true);
    expect(blue.names('Blue skies over the stadium')).toBe(false);
    expect(blue.names('Blue, the YC startup, ships an assistant')).toBe(true);
    expect(blue.names('blue is the YC colour')).toBe(false);
    expect(blue.names('Bluesky grows, says a startup')).toBe(false);
    expect(blue.names('Blue ships an assistant', 'A Y Combinator company')).toBe(true);
    expect(nameMatcher('Kernel').names('Linux Kernel 6.12 released')).toBe(false);
    expect(nameMatcher('Kernel').names('Launch HN: Kernel (YC S25) – browsers for agents')).toBe(true);
    // Lower-case names as the catalogue writes them, or capitalised at the start of a title.
    expect(nameMatcher('stagewise').names('Stagewise, a YC startup, ships 1.0')).toBe(true);
  });

  it('never matches a name too short to be told apart, and takes pattern characters literally', () => {
    expect(nameMatcher('AI').names('AI startup raises, says YC')).toBe(false);
    expect(nameMatcher('C.A.T. Labs').names('CxAxTx Labs')).toBe(false);
    expect(nameMatcher('C.A.T. Labs').names('C.A.T. Labs opens')).toBe(true);
  });
});

describe('scoreNews', () => {
  it('weighs a title mention over a summary one and lists the stories, title mentions first', () => {
    const news = scoreNews(nameMatcher('Nox Metals'), [
      story('Factories are back', 'Among them Nox Metals.'),
      story('Nox Metals opens a plant'),
      story('Unrelated'),
    ]);
    expect(news).toEqual({
      count: 2,
      inTitle: 1,
      points: 14,
      stories: [
        { title: 'Nox Metals opens a plant', url: 'https://x.example/24' },
        { title: 'Factories are back', url: 'https://x.example/18' },
      ],
    });
  });

  it('caps the news part', () => {
    const many = Array.from({ length: 30 }, (_, index) => story(`Nox Metals, part ${index}`));
    expect(scoreNews(nameMatcher('Nox Metals'), many)).toMatchObject({ count: 30, points: 100 });
    expect(scoreNews(nameMatcher('Nox Metals'), many).stories).toHaveLength(5);
  });
});
