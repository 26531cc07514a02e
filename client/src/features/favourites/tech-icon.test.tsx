import { render, waitFor } from '@testing-library/react';
import { siJavascript } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { findInterest } from '@shared/data/tech-interests';
import { TechIcon } from './tech-icon';

describe('TechIcon', () => {
  it('keeps its place empty while the packaged icons load, then draws the packaged icon', async () => {
    const javascript = findInterest('languages', 'JS')!;
    const { container } = render(<TechIcon category="languages" item={javascript} className="h-5 w-5" />);
    // Neither the catalogue's CDN picture nor the initial flashes up meanwhile.
    expect(container.querySelector('img, [data-testid="initial-badge"]')).toBeNull();
    await waitFor(() => expect(container.querySelector('svg path')).not.toBeNull());
    expect(container.querySelector('svg path')!.getAttribute('d')).toBe(siJavascript.path);
    expect(container.querySelector('img, [data-testid="initial-badge"]')).toBeNull();
  });
});
