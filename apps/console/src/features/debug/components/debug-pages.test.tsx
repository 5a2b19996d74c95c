import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeatureToggleStore, storageKeys } from '@boon/console-kit/shell';
import { FeatureTogglesPage } from './feature-toggles-page';
import { OrderCompletePage } from './order-complete-page';
import { ThemePage } from './theme-page';

describe('the staff debug screens', () => {
  beforeEach(() => {
    localStorage.clear();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => vi.useRealTimers());

  it('edits, persists and resets the feature toggles', async () => {
    render(<FeatureTogglesPage />);
    const consent = screen.getByRole('checkbox', { name: 'enableConsentBanner' });
    expect(consent).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();

    await userEvent.click(consent);
    expect(useFeatureToggleStore.getState().toggles.enableConsentBanner).toBe(false);
    expect(JSON.parse(localStorage.getItem(storageKeys.featureToggles) ?? '{}')).toMatchObject({
      state: { toggles: { enableConsentBanner: false } },
    });
    expect(screen.getByText(/1 of 10 differ from the defaults/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(consent).toBeChecked();
  });

  it('ignores a stored toggle that no longer exists or is not a boolean', async () => {
    localStorage.setItem(
      storageKeys.featureToggles,
      JSON.stringify({ state: { toggles: { debugViews: 'yes', gone: true } }, version: 0 }),
    );
    await useFeatureToggleStore.persist.rehydrate();
    expect(useFeatureToggleStore.getState().toggles.debugViews).toBe(false);
    expect(useFeatureToggleStore.getState().toggles).not.toHaveProperty('gone');
  });

  it('previews the order confirmation: polled every second until every e-mail is sent', () => {
    vi.useFakeTimers();
    render(<OrderCompletePage />);
    expect(screen.getByRole('heading', { name: 'Sending your rewards…' })).toBeVisible();
    expect(screen.getAllByText('E-mail queued')).toHaveLength(3);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByText('E-mail sent')).toHaveLength(1);
    // Each poll is scheduled once the previous answer has rendered.
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByText('E-mail sent')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Your order is complete' })).toBeVisible();
  });

  it('lists the colour tokens', () => {
    render(<ThemePage />);
    expect(screen.getByText('--color-brand-600')).toBeVisible();
    expect(screen.getByText('--color-danger')).toBeVisible();
  });
});
