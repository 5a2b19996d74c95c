import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MERCHANT_LOGO_SIZE_PX, MerchantLogo, type MerchantLogoProps } from './merchant-logo';
import { axeViolations } from './testing';

const src = '/api/catalog/logos/NWC-US.svg';

describe('MerchantLogo', () => {
  it.each<[NonNullable<MerchantLogoProps['size']>, number]>([
    ['sm', 40],
    ['md', 48],
    ['lg', 64],
  ])('is %s: %d px, its size set so the layout does not move when it loads', (size, px) => {
    const { container } = render(<MerchantLogo src={src} size={size} />);
    const image = container.querySelector('img');

    expect(MERCHANT_LOGO_SIZE_PX[size]).toBe(px);
    expect(image).toHaveAttribute('src', src);
    expect(image).toHaveAttribute('width', String(px));
    expect(image).toHaveAttribute('height', String(px));
  });

  it('is decorative: the name beside it is what a screen reader reads', async () => {
    const { container } = render(<MerchantLogo src={src} />);

    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('loads lazily only when asked, for long lists', () => {
    const { container, rerender } = render(<MerchantLogo src={src} />);
    expect(container.querySelector('img')).not.toHaveAttribute('loading');

    rerender(<MerchantLogo src={src} lazy />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });
});
