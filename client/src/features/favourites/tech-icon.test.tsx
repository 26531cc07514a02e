import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findInterest } from '@shared/data/tech-interests';
import { PACKAGED_ICONS } from './packaged-icons';
import { TechIcon } from './tech-icon';

describe('TechIcon', () => {
  it('keeps its place empty while the packaged icons load, then draws the packaged icon', async () => {
    const javascript = findInterest('languages', 'JS')!;
    const javascriptMark = PACKAGED_ICONS['languages:JS'];
    expect(javascriptMark.title).toBe('JavaScript');
    const { container } = render(<TechIcon category="languages" item={javascript} className="h-5 w-5" />);
    // Neither the catalogue's CDN picture nor the initial flashes up meanwhile.
    expect(container.querySelector('img, [data-testid="initial-badge"]')).toBeNull();
    await waitFor(() => expect(container.querySelector('svg path')).not.toBeNull());
    expect(container.querySelector('svg path')!.getAttribute('d')).toBe(javascriptMark.path);
    expect(container.querySelector('img, [data-testid="initial-badge"]')).toBeNull();
  });
});
