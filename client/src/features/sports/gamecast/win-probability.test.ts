import { describe, expect, it } from 'vitest';
import { markLabel, periodStarts } from './win-probability';

describe('the win-probability chart’s period marks', () => {
  it('mark where each period starts', () => {
    const point = (period: string) => ({ playId: null, period, clock: null, homePercent: 50 });
    const points = ['1st Quarter', '1st Quarter', '2nd Quarter', '2nd Quarter', 'OT'].map(point);
    expect(periodStarts(points)).toEqual([
      { index: 2, period: '2nd Quarter' },
      { index: 4, period: 'OT' },
    ]);
  });

  it('are labelled short enough for a phone, an inning by its top only', () => {
    expect(['2nd Quarter', '3rd Period', '2nd Half', 'Top 3rd', 'Bottom 3rd', 'OT'].map(markLabel)).toEqual([
      'Q2',
      'P3',
      'H2',
      '3rd',
      null,
      'OT',
    ]);
  });
});
