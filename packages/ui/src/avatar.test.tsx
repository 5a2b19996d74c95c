import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, AVATAR_SIZE_PX, initials, type AvatarSize } from './avatar';
import { axeViolations } from './testing';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Grace   Brewster Hopper ', 'GH'],
    ['émile zola', 'ÉZ'],
    ['', ''],
  ])('of %j are %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('Avatar', () => {
  it.each<[AvatarSize, number]>([
    ['small', 24],
    ['medium', 28],
    ['large', 32],
    ['xlarge', 36],
    ['xxlarge', 40],
  ])('is %s: %d px', (size, pixels) => {
    render(<Avatar name="Ada Lovelace" size={size} />);

    expect(AVATAR_SIZE_PX[size]).toBe(pixels);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveStyle({
      width: `${pixels}px`,
      height: `${pixels}px`,
    });
  });

  it('shows the picture with the name, or the given text, as its alternative', () => {
    render(
      <>
        <Avatar name="Ada Lovelace" src="/ada.png" />
        <Avatar name="Grace Hopper" src="/grace.png" alt="Grace Hopper, admin" />
      </>,
    );

    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
    expect(screen.getByRole('img', { name: 'Grace Hopper, admin' })).toHaveAttribute(
      'src',
      '/grace.png',
    );
  });

  it('falls back to the initials without a picture or when it fails to load', () => {
    render(<Avatar name="Ada Lovelace" src="/missing.png" />);

    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));

    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AL');
  });

  it('is hidden from assistive technology when its alternative is empty', () => {
    render(<Avatar name="Ada Lovelace" alt="" />);

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <>
        <Avatar name="Ada Lovelace" src="/ada.png" size="xxlarge" />
        <Avatar name="Grace Hopper" size="small" />
        <Avatar name="Alan Turing" alt="" />
      </>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
