import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Play, SmilePlus, X } from './icons';

describe('icons', () => {
  it('draws a stroked 24 × 24 outline in the current colour, hidden from assistive technology', () => {
    const { container } = render(<X className="h-5 w-5" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('class')).toBe('lucide lucide-x h-5 w-5');
    expect([...svg.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual([
      'M18 6 6 18',
      'm6 6 12 12',
    ]);
  });

  it('takes the stroke width, fill and size the caller gives', () => {
    const { container } = render(<Play strokeWidth={3} fill="currentColor" size={16} focusable="false" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('stroke-width')).toBe('3');
    expect(svg.getAttribute('fill')).toBe('currentColor');
    expect(svg.getAttribute('width')).toBe('16');
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.getAttribute('focusable')).toBe('false');
  });

  it('is announced when the caller labels it, and keeps the classes of a renamed icon', () => {
    const { container } = render(<SmilePlus role="img" aria-label="Add a reaction" />);
    const svg = container.querySelector('svg')!;
    expect(svg.hasAttribute('aria-hidden')).toBe(false);
    expect(svg.getAttribute('aria-label')).toBe('Add a reaction');
    expect(svg.getAttribute('class')).toBe('lucide lucide-face-slightly-smiling-plus lucide-smile-plus');
  });
});
