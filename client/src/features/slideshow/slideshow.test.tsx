import '../../../../tests/helpers/jsdom-dialog';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlideshowPage } from './index';
import { SLIDESHOW_AUTOPLAY_MS, hasInAppHistory, slideCounter, wrapIndex } from './slideshow-state';

function renderSlideshow() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/sports', element: <h1>Sports page</h1> },
      { path: '/slideshow', element: <SlideshowPage /> },
    ],
    { initialEntries: ['/sports', '/slideshow'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const slideshow = () => screen.getByRole('dialog', { name: 'Slideshow' });
const currentSlide = () =>
  within(slideshow())
    .getAllByRole('region')
    .find((element) => element.getAttribute('aria-roledescription') === 'slide')!;
const press = (key: string) => fireEvent.keyDown(window, { key });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.history.replaceState(null, '');
});

describe('slideshow rules', () => {
  it('wraps at both ends and counts n / total', () => {
    expect(wrapIndex(1, 1, 2)).toBe(0);
    expect(wrapIndex(0, -1, 2)).toBe(1);
    expect(wrapIndex(0, 1, 2)).toBe(1);
    expect(slideCounter(0, 2)).toBe('1 / 2');
  });

  it('knows when Back stays in the app', () => {
    expect(hasInAppHistory({ idx: 2, key: 'x' })).toBe(true);
    expect(hasInAppHistory({ idx: 0 })).toBe(false);
    expect(hasInAppHistory(null)).toBe(false);
  });
});

describe('the slideshow', () => {
  it('shows the title slide first, with its counter and dots', () => {
    renderSlideshow();
    expect(within(slideshow()).getByRole('heading', { name: 'Tech Touchdown' })).toBeInTheDocument();
    expect(within(slideshow()).getByText('The Latest News in Tech & Sports')).toBeInTheDocument();
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();
    expect(
      within(slideshow()).getByRole('button', { name: 'Go to slide 1: Tech Touchdown' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('moves with the arrow keys, wrapping', () => {
    renderSlideshow();
    press('ArrowRight');
    expect(within(slideshow()).getByRole('heading', { name: 'Our Venn Diagram' })).toBeInTheDocument();
    expect(within(slideshow()).getByText('2 / 2')).toBeInTheDocument();
    expect(
      within(slideshow()).getByRole('img', { name: 'Venn diagram of tech and sports news' }),
    ).toBeInTheDocument();
    press('ArrowRight');
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();
    press('ArrowLeft');
    expect(within(slideshow()).getByText('2 / 2')).toBeInTheDocument();
  });

  it('moves with the buttons and the dots', () => {
    renderSlideshow();
    fireEvent.click(within(slideshow()).getAllByRole('button', { name: 'Next slide' })[0]!);
    expect(currentSlide()).toHaveAccessibleName('2 of 2: Our Venn Diagram');
    fireEvent.click(within(slideshow()).getAllByRole('button', { name: 'Previous slide' })[0]!);
    expect(currentSlide()).toHaveAccessibleName('1 of 2: Tech Touchdown');
    fireEvent.click(within(slideshow()).getByRole('button', { name: 'Go to slide 2: Our Venn Diagram' }));
    expect(within(slideshow()).getByText('2 / 2')).toBeInTheDocument();
  });

  it('space toggles autoplay, which moves every 5 s and is off at first', () => {
    renderSlideshow();
    act(() => vi.advanceTimersByTime(SLIDESHOW_AUTOPLAY_MS * 3));
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();

    press(' ');
    expect(within(slideshow()).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDESHOW_AUTOPLAY_MS - 1));
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(slideshow()).getByText('2 / 2')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDESHOW_AUTOPLAY_MS));
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();

    press(' ');
    expect(within(slideshow()).getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDESHOW_AUTOPLAY_MS * 2));
    expect(within(slideshow()).getByText('1 / 2')).toBeInTheDocument();
  });

  it('space on a focused button toggles autoplay instead of pressing the button', () => {
    renderSlideshow();
    const close = within(slideshow()).getByRole('button', { name: 'Close slideshow' });
    close.focus();
    const event = fireEvent.keyDown(close, { key: ' ' });
    expect(event).toBe(false); // default prevented: no click follows
    expect(within(slideshow()).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('Escape goes back in history', () => {
    window.history.replaceState({ idx: 1 }, '');
    const router = renderSlideshow();
    act(() => {
      slideshow().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(router.state.location.pathname).toBe('/sports');
  });

  it('the close button goes home when there is no page to go back to', () => {
    const router = renderSlideshow();
    act(() => {
      fireEvent.click(within(slideshow()).getByRole('button', { name: 'Close slideshow' }));
    });
    expect(router.state.location.pathname).toBe('/');
  });
});
