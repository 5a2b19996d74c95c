import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, type BadgeTone } from './badge';
import { axeViolations } from './testing';

describe('Badge', () => {
  it.each<BadgeTone>(['neutral', 'brand', 'success', 'danger'])(
    'says its words in the %s tone, with no axe violations',
    async (tone) => {
      const { container } = render(
        <p>
          Ada Lovelace <Badge tone={tone}>Blocked</Badge>
        </p>,
      );
      expect(screen.getByText('Blocked')).toBeVisible();
      expect(container).toHaveTextContent('Ada Lovelace Blocked');
      expect(await axeViolations(container)).toEqual([]);
    },
  );
});
