import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EntryTags } from './sidebar-nav';

const entry = { routeName: 'x', displayName: 'X', trackingEvent: 'x' };

describe('sidebar entry tags (spec 2.1)', () => {
  it('shows the BETA badge and the red "new" tag when an entry has them', () => {
    render(<EntryTags entry={{ ...entry, badge: 'BETA', isNew: true }} />);
    expect(screen.getByText('BETA')).toBeVisible();
    expect(screen.getByText('new')).toHaveClass('bg-danger');
  });

  it('shows neither otherwise', () => {
    const { container } = render(<EntryTags entry={entry} />);
    expect(container).toBeEmptyDOMElement();
  });
});
