import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

describe('Logo', () => {
  it('shows the configured product name, with the mark hidden from assistive technology', () => {
    const { container } = render(<Logo productName="Acme Perks" />);

    expect(screen.getByText('Acme Perks')).toBeVisible();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
