import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@boon/ui/testing';
import { OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('is an empty live region while online', () => {
    const { container } = render(<OfflineBanner />);

    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-live', 'polite');
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });

  it('says so in its status region while offline, and goes once the connection is back', async () => {
    render(<OfflineBanner />);

    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. Nothing you send will go through until the connection is back; pages update by themselves then.",
    );
    expect(await axeViolations(document.body)).toEqual([]);

    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);

    expect(screen.getByRole('status')).toHaveTextContent("You're offline.");
  });
});
