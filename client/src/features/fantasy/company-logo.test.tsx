import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMPANIES } from './catalogue';
import { CompanyLogo } from './company-logo';

const nox = COMPANIES.find((company) => company.name === 'Nox Metals')!;

describe('CompanyLogo', () => {
  it('shows initials while the logo loads, then the logo', () => {
    const { container } = render(<CompanyLogo company={nox} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', nox.image_url);
    expect(img).toHaveClass('opacity-0');
    expect(screen.getByTestId('company-initials')).toHaveTextContent('NM');
    fireEvent.load(img);
    expect(img).not.toHaveClass('opacity-0');
    expect(screen.queryByTestId('company-initials')).toBeNull();
  });

  it('keeps the initials when the logo cannot load, and tries again for another company', () => {
    const { container, rerender } = render(<CompanyLogo company={nox} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('company-initials')).toHaveTextContent('NM');
    const other = COMPANIES.find((company) => company.name === 'Nautilus')!;
    rerender(<CompanyLogo company={other} />);
    expect(container.querySelector('img')).toHaveAttribute('src', other.image_url);
    expect(screen.getByTestId('company-initials')).toHaveTextContent('NA');
  });
});
