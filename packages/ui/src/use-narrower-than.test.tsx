import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layOutAt } from './testing';
import { useNarrowerThan } from './use-narrower-than';

function Probe({ width }: { width: number }) {
  const [ref, narrow] = useNarrowerThan<HTMLDivElement>(width);
  return <div ref={ref}>{narrow ? 'narrow' : 'wide'}</div>;
}

function windowOf(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
}

/** jsdom has no ResizeObserver: a stand-in whose first report the test sends. */
function stubResizeObserver() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { reported: () => act(() => callbacks.forEach((callback) => callback())) };
}

describe('useNarrowerThan', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('without a ResizeObserver, measures the element at once: in a wide window it may be narrower', () => {
    windowOf(1366);
    const measure = layOutAt(500);
    render(<Probe width={768} />);
    expect(measure).toHaveBeenCalled();
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });

  it('keeps "wide" when the element measures at least the width', () => {
    windowOf(1366);
    layOutAt(900);
    render(<Probe width={768} />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });

  it('with a ResizeObserver, lays nothing out during the commit and answers from its report', () => {
    const { reported } = stubResizeObserver();
    windowOf(1366);
    const measure = layOutAt(500);
    render(<Probe width={768} />);
    // The guess from the window, and no measurement in the middle of React's commit.
    expect(screen.getByText('wide')).toBeInTheDocument();
    expect(measure).not.toHaveBeenCalled();

    reported();
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });

  it('guesses "narrow" in a window narrower than the width, and a report keeps it', () => {
    const { reported } = stubResizeObserver();
    windowOf(390);
    const measure = layOutAt(390);
    render(<Probe width={768} />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    expect(measure).not.toHaveBeenCalled();
    reported();
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });
});
