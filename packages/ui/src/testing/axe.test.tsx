import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';

describe('axeViolations', () => {
  it('reports what it finds, so an empty list in a widget test means something', async () => {
    render(
      <div>
        <input type="text" />
        <button type="button" />
      </div>,
    );

    const rules = (await axeViolations()).map((violation) => violation.rule);

    expect(rules).toEqual(expect.arrayContaining(['label', 'button-name']));
  });
});
