import { axeViolations } from '@boon/ui/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@boon/console-kit/shell';
import { PlaygroundNotice } from './playground-notice';

describe('PlaygroundNotice', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
  });

  it('tells a playground customer what they can do and how long verification takes', async () => {
    useAppStore.setState({ playgroundMode: true });
    render(<PlaygroundNotice />);

    const notice = screen.getByRole('region', { name: 'You are in playground mode' });
    expect(notice).toHaveTextContent('create playground API keys');
    expect(notice).toHaveTextContent('Verification takes 2 to 4 business days');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows nothing outside playground mode', () => {
    const { container } = render(<PlaygroundNotice />);

    expect(container).toBeEmptyDOMElement();
  });
});
