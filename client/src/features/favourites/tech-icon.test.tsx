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

  it('shows the initial badge for Vue.js, whose mark is not ours to ship (CC-BY-NC-SA), and loads no logo', async () => {
    const vue = findInterest('stacks', 'VUE')!;
    expect(PACKAGED_ICONS['stacks:VUE']).toBeUndefined();
    expect(vue.icon_url).toBeUndefined();
    const { container, findByTestId } = render(<TechIcon category="stacks" item={vue} className="h-5 w-5" />);
    const badge = await findByTestId('initial-badge');
    expect(badge.textContent).toBe('V');
    expect(badge.style.backgroundColor).toBe('rgb(79, 192, 141)');
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('shows the initial badge for any item with neither a packaged mark nor a catalogue icon', async () => {
    const item = { name: 'Zig', short_name: 'ZIG', color: '#F7A41D' };
    const { container, findByTestId } = render(
      <TechIcon category="languages" item={item} className="h-5 w-5" />,
    );
    expect((await findByTestId('initial-badge')).textContent).toBe('Z');
    expect(container.querySelector('img, svg')).toBeNull();
  });
});
