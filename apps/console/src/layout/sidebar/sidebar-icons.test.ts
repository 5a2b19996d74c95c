import { sidebarEntries } from '@boon/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sidebarIcon } from './sidebar-icons';

describe('sidebar icons', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has one for every top-level entry of spec 2.1', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const entry of sidebarEntries)
      expect(sidebarIcon(entry.routeName), entry.routeName).toBeDefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs "Could not find one or more icon(s)" for a missing one (spec 8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(sidebarIcon('no-such-entry')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Could not find one or more icon(s)', 'no-such-entry');
  });
});
