import { axeViolations } from '@boon/ui/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactEmails, helpArticles, links, type ConsoleConfig } from '@boon/console-kit';
import { INTRO_VIDEO_NAMES } from '../intro-videos';
import { HelpPage } from './help-page';

const config = vi.hoisted(() => ({ override: null as Partial<ConsoleConfig> | null }));

vi.mock('@boon/console-kit', async (importOriginal) => {
  const original = await importOriginal<typeof import('@boon/console-kit')>();
  const { developmentConfig } = await import('@boon/console-kit/shell');
  return {
    ...original,
    getConsoleConfig: () => ({ ...developmentConfig(), ...config.override }),
  };
});

function renderHelp(override: Partial<ConsoleConfig> = {}) {
  config.override = override;
  return render(<HelpPage />);
}

function videoCard(title: string) {
  return screen.getByRole('article', { name: title });
}

describe('HelpPage', () => {
  afterEach(() => {
    config.override = null;
  });

  it('is titled Help', () => {
    renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  });

  it('shows the four intro videos of spec 9, the platform one named after the product', () => {
    renderHelp({ productName: 'Boon' });
    const titles = screen
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);
    expect(titles).toEqual([
      'Home walkthrough',
      'What is Boon?',
      'Creating and sending rewards',
      'The redemption experience',
    ]);
  });

  it('uses the configured product name', () => {
    renderHelp({ productName: 'Acme Perks' });
    expect(screen.getByRole('heading', { name: 'What is Acme Perks?' })).toBeVisible();
    expect(screen.getByText(/New to Acme Perks\?/)).toBeVisible();
  });

  it('plays each video in the native player with captions on by default', () => {
    const { container } = renderHelp();
    const videos = container.querySelectorAll('video');
    expect(videos).toHaveLength(4);
    for (const video of videos) {
      expect(video).toHaveAttribute('controls');
      expect(video).toHaveAttribute('preload', 'metadata');
      const track = video.querySelector('track');
      expect(track).toHaveAttribute('kind', 'captions');
      expect(track).toHaveAttribute('default');
      expect(track).toHaveAttribute('srclang', 'en');
      expect(track).toHaveAttribute('label', 'English');
    }
  });

  it('names each player by its title and describes it with its text', () => {
    const { container } = renderHelp();
    const video = within(videoCard('Home walkthrough')).getByText(
      (_content, element) => element?.tagName === 'VIDEO',
    );
    expect(video).toHaveAccessibleName('Home walkthrough');
    expect(video).toHaveAccessibleDescription(/A tour of Home and the sidebar/);
    expect(container.querySelectorAll('video[aria-describedby]')).toHaveLength(4);
  });

  it('loads videos and captions from the default help-videos folder', () => {
    const { container } = renderHelp();
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/help-videos/home-walkthrough.webm');
    expect(video?.querySelector('track')).toHaveAttribute(
      'src',
      '/help-videos/home-walkthrough.vtt',
    );
    expect(video).not.toHaveAttribute('crossorigin');
  });

  it('shows each video’s poster before it plays', () => {
    const { container } = renderHelp();
    const posters = [...container.querySelectorAll('video')].map((video) =>
      video.getAttribute('poster'),
    );
    expect(posters).toEqual(INTRO_VIDEO_NAMES.map((name) => `/help-videos/${name}.jpg`));
  });

  it('says plainly what a video leaves out because it is not built yet', () => {
    renderHelp();
    expect(
      within(videoCard('Creating and sending rewards')).getByText(
        /Ordering from a spreadsheet is not built yet/,
      ),
    ).toBeVisible();
    expect(
      within(videoCard('The redemption experience')).getByText(
        /Company-wide branding is not built yet/,
      ),
    ).toBeVisible();
    for (const title of ['Home walkthrough', 'What is Boon?']) {
      expect(within(videoCard(title)).queryByText(/not built yet/)).toBeNull();
    }
  });

  it('loads them from the configured helpVideosUrl, asking for CORS from another origin', () => {
    const { container } = renderHelp({ helpVideosUrl: 'https://cdn.boon.example/videos/' });
    const sources = [...container.querySelectorAll('video')].map((video) => [
      video.getAttribute('src'),
      video.querySelector('track')?.getAttribute('src'),
      video.getAttribute('crossorigin'),
    ]);
    expect(sources).toEqual(
      INTRO_VIDEO_NAMES.map((name) => [
        `https://cdn.boon.example/videos/${name}.webm`,
        `https://cdn.boon.example/videos/${name}.vtt`,
        'anonymous',
      ]),
    );
  });

  it('replaces a video that fails to load with a message, and keeps the others', () => {
    const { container } = renderHelp();
    const card = videoCard('Creating and sending rewards');
    const video = card.querySelector('video');
    if (!video) throw new Error('no video');

    fireEvent.error(video);

    expect(card.querySelector('video')).toBeNull();
    expect(within(card).getByText("This video couldn't be loaded.")).toBeVisible();
    expect(within(card).getByRole('link', { name: /help centre/ })).toHaveAttribute(
      'href',
      links.helpCentre,
    );
    expect(within(card).getByText(/How to order a reward/)).toBeVisible();
    expect(container.querySelectorAll('video')).toHaveLength(3);
  });

  it.each([
    ['Help centre', links.helpCentre],
    ['Roles and permissions', links.rolesMatrix],
    ['Book a demo', links.bookDemo],
    ['Verification form', links.verificationForm],
    ['Terms of service', links.termsOfService],
    ['Privacy policy', links.privacyPolicy],
  ])('links to %s in a new tab', (label, href) => {
    renderHelp();
    const link = screen.getByRole('link', {
      name: new RegExp(`^${label}\\s*\\(opens in a new tab\\)$`),
    });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers an e-mail to support', () => {
    renderHelp();
    const link = screen.getByRole('link', { name: 'Contact support' });
    expect(link).toHaveAttribute('href', 'mailto:support@boon.example');
    expect(link).not.toHaveAttribute('target');
    expect(link).toHaveAccessibleDescription(`Write to us at ${contactEmails.support}.`);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderHelp();
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('links (spec 9, "Links and videos")', () => {
  it('has every constant the spec lists, all on the boon.example domain', () => {
    expect(contactEmails).toEqual({
      support: 'support@boon.example',
      compliance: 'compliance@boon.example',
    });
    const all = { ...links, ...helpArticles };
    expect(Object.keys(all).sort()).toEqual(
      [
        'bookDemo',
        'complianceContact',
        'helpCentre',
        'payoutSelectionTemplates',
        'privacyPolicy',
        'redemptionTemplates',
        'rolesMatrix',
        'supportContact',
        'termsOfService',
        'verificationForm',
      ].sort(),
    );
    for (const href of Object.values(all)) {
      expect(href).toMatch(/^(https:\/\/([a-z]+\.)?boon\.example\/|mailto:[a-z]+@boon\.example$)/);
    }
  });
});
