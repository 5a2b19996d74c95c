import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullPageMessage } from './full-page-message';
import { MainContent } from './main-content';

describe('FullPageMessage', () => {
  it('is the page: one main landmark with the message as its heading', () => {
    render(<FullPageMessage title="Page not found">Try the home page.</FullPageMessage>);

    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Page not found' }),
    );
    expect(screen.getByText('Try the home page.')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces a message that is waiting for something as a status', () => {
    render(<FullPageMessage title="Logging you in…" busy />);

    expect(screen.getByRole('status')).toHaveTextContent('Logging you in…');
  });

  it('does not open a second main landmark inside a layout', () => {
    render(
      <MainContent>
        <FullPageMessage title="Something went wrong" />
      </MainContent>,
    );

    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  });
});
