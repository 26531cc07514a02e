import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './document-title';

function Titled({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}

describe('useDocumentTitle', () => {
  it('names the page before the app', () => {
    expect(documentTitle('Sports')).toBe('Sports · Tech Touchdown');
    expect(documentTitle()).toBe('Tech Touchdown');
  });

  it('lets a dialog inside a page win, and gives the title back when it closes', () => {
    const view = render(
      <Titled title="Sports">
        <Titled title="KC vs BUF" />
      </Titled>,
    );
    expect(document.title).toBe('KC vs BUF · Tech Touchdown');
    view.rerender(<Titled title="Sports" />);
    expect(document.title).toBe('Sports · Tech Touchdown');
    view.unmount();
    expect(document.title).toBe('Tech Touchdown');
  });

  it('follows a title that changes while mounted', () => {
    const view = render(<Titled title="Fantasy" />);
    view.rerender(<Titled title="Profile" />);
    expect(document.title).toBe('Profile · Tech Touchdown');
    view.unmount();
  });
});
