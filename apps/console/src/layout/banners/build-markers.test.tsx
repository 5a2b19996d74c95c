import { axeViolations } from '@boon/ui/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildInfo } from './build-info';
import { EnvironmentMarker } from './environment-marker';
import { SandboxLabel } from './sandbox-label';
import { TICKET_URL_PREFIX, ticketIdFromBranch, ticketUrl } from './ticket-link';
import { TicketLinkMarker } from './ticket-link-marker';

describe('build constants', () => {
  it('come from the define block (vitest: a sandbox build without a branch)', () => {
    expect(buildInfo).toEqual({ branch: '', production: false });
  });
});

describe('EnvironmentMarker', () => {
  it.each([
    ['development', 'Development'],
    ['test', 'Test'],
  ] as const)('names the %s environment', async (environment, name) => {
    render(<EnvironmentMarker environment={environment} />);

    expect(screen.getByText(name)).toBeVisible();
    expect(screen.getByText(name)).toHaveTextContent(`Environment: ${name}`);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing in production', () => {
    const { container } = render(<EnvironmentMarker environment="production" />);

    expect(container).toBeEmptyDOMElement();
  });

  it('reads the runtime configuration by default (development in tests)', () => {
    render(<EnvironmentMarker />);

    expect(screen.getByText('Development')).toBeVisible();
  });
});

describe('SandboxLabel', () => {
  it('shows on a non-production build', async () => {
    render(<SandboxLabel />);

    expect(screen.getByText('Sandbox')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing on a production build', () => {
    const { container } = render(<SandboxLabel production />);

    expect(container).toBeEmptyDOMElement();
  });
});

describe('ticketIdFromBranch', () => {
  it.each([
    ['feature/BOON-123-sidebar', 'BOON-123'],
    ['BOON-7', 'BOON-7'],
    ['fix/PAY2-45_refunds', 'PAY2-45'],
    ['bugfix/BOON-9/BOON-10', 'BOON-9'],
  ])('finds the ticket in %s', (branch, ticket) => {
    expect(ticketIdFromBranch(branch)).toBe(ticket);
  });

  it.each([
    '',
    'main',
    'HEAD',
    'feature/sidebar',
    'deps/vite-7',
    'release/2026-01',
    'feature/XBOON-123abc',
    'feature/B-12',
    'feature/BOON-0',
  ])('finds none in %j', (branch) => {
    expect(ticketIdFromBranch(branch)).toBeNull();
  });

  it('links to the ticket in the tracker', () => {
    expect(ticketUrl('BOON-123')).toBe(`${TICKET_URL_PREFIX}BOON-123`);
  });
});

describe('TicketLinkMarker', () => {
  it('links to the ticket named in the build branch', async () => {
    render(<TicketLinkMarker branch="feature/BOON-123-sidebar" />);

    const link = screen.getByRole('link', {
      name: /^Ticket BOON-123\s*\(opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute('href', 'https://tickets.boon.example/browse/BOON-123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('title', 'Built from feature/BOON-123-sidebar');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing for a branch without a ticket, or no branch (the default in tests)', () => {
    const { container, rerender } = render(<TicketLinkMarker branch="main" />);
    expect(container).toBeEmptyDOMElement();

    rerender(<TicketLinkMarker />);
    expect(container).toBeEmptyDOMElement();
  });
});
