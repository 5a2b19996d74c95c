import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_CONFIG_MARKER } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { CONFIG_ELEMENT_ID } from '@boon/console-kit/shell';

const html = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

describe('index.html', () => {
  it('paints "Getting set up" before any script runs (spec 2.7)', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');

    expect(doc.querySelector('#root main h1')?.textContent).toBe('Getting set up');
    expect(doc.querySelector('#root [role="status"]')).not.toBeNull();
  });

  it('carries the marker the server replaces with the runtime configuration', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const config = doc.getElementById(CONFIG_ELEMENT_ID);

    expect(config?.getAttribute('type')).toBe('application/json');
    expect(config?.textContent).toBe(CONSOLE_CONFIG_MARKER);
  });

  it('loads nothing from other origins', () => {
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});
