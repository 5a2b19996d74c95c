import { axeViolations } from '@boon/ui/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { links } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import { LimitedAccessBanner } from './limited-access-banner';

/** The text a sighted user reads: the screen-reader-only hints left out. */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.sr-only').forEach((hint) => hint.remove());
  return copy.textContent ?? '';
}

describe('LimitedAccessBanner', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
  });

  it('says so and links to the verification form while access is limited', async () => {
    useAppStore.setState({ limitedAccess: true });
    render(<LimitedAccessBanner />);

    const banner = screen.getByRole('region', { name: 'Limited access' });
    expect(visibleText(banner)).toBe(
      'You have limited access. To access the full platform Complete verification',
    );
    const link = screen.getByRole('link', {
      // jsdom's accessible-name computation drops the space before the hidden hint.
      name: /^Complete verification\s*\(opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute('href', links.verificationForm);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing with full access', () => {
    const { container } = render(<LimitedAccessBanner />);

    expect(container).toBeEmptyDOMElement();
  });

  it('goes away when the customer becomes verified', async () => {
    useAppStore.setState({ limitedAccess: true });
    const { container, rerender } = render(<LimitedAccessBanner />);
    expect(screen.getByRole('region', { name: 'Limited access' })).toBeVisible();

    useAppStore.setState({ limitedAccess: false });
    rerender(<LimitedAccessBanner />);

    expect(container).toBeEmptyDOMElement();
  });
});
