import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { box, layOutAt, stubResizeObserver } from './testing';
import { useNarrowerThan } from './use-narrower-than';

function Probe({ width }: { width: number }) {
  const [ref, narrow] = useNarrowerThan<HTMLDivElement>(width);
  return <div ref={ref}>{narrow ? 'narrow' : 'wide'}</div>;
}

function windowOf(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
}

describe('useNarrowerThan', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('measures the element at once in a window wider than the width: it may be narrower', () => {
    windowOf(1366);
    const measure = layOutAt(500);
    render(<Probe width={768} />);
    expect(measure).toHaveBeenCalled();
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });

  it('keeps "wide" when the element measures at least the width', () => {
    windowOf(1366);
    const measure = layOutAt(900);
    render(<Probe width={768} />);
    expect(measure).toHaveBeenCalled();
    expect(screen.getByText('wide')).toBeInTheDocument();
  });

  it('lays nothing out during the commit in a window narrower than the width, and follows reports', () => {
    const { resized } = stubResizeObserver();
    windowOf(390);
    const measure = layOutAt(390);
    render(<Probe width={768} />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    expect(measure).not.toHaveBeenCalled();

    // The window was turned or widened: the observer's report says so.
    measure.mockReturnValue(box(900));
    act(() => resized());
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});
