import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPanel } from './search-panel';

// The filter form's code, fetched on the first opening, cannot load (offline before it ever did, and
// no newer build to reload onto): the loader rejects as the browser's import() does then.
vi.mock('@client/lib/stale-build', () => ({
  loadOrReload: () => () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

afterEach(cleanup);

describe('search panel: the filter form cannot load', () => {
  it('says so instead of opening, and the page stays', async () => {
    const user = userEvent.setup();
    render(<SearchPanel title="Tech News" placeholder="Search" defaultQuery="" onRead={vi.fn()} />);
    const filters = screen.getByRole('button', { name: 'Filters' });
    await user.click(filters);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Filters could not load. Check your connection and try again.',
    );
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Search filters' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search Tech News' })).toBeEnabled();
  });
});
