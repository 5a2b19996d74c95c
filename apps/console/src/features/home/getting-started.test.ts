import { describe, expect, it } from 'vitest';
import { approvalQueueText, gettingStartedChecklist, type ChecklistFacts } from './getting-started';

const newOwner: ChecklistFacts = {
  isOwner: true,
  playgroundMode: false,
  dismissed: false,
  team: { members: 1, invites: 0 },
  mfaEnabled: false,
  introWatched: false,
};

const states = (facts: Partial<ChecklistFacts>) =>
  gettingStartedChecklist({ ...newOwner, ...facts })?.items.map((item) => [item.id, item.done]);

describe('gettingStartedChecklist', () => {
  it.each<[string, Partial<ChecklistFacts>, [string, boolean | null][]]>([
    [
      'a new owner, alone',
      {},
      [
        ['invite-team', false],
        ['two-factor', false],
        ['intro', false],
      ],
    ],
    ['a second member', { team: { members: 2, invites: 0 } }, [['invite-team', true]]],
    ['an open invite', { team: { members: 1, invites: 1 } }, [['invite-team', true]]],
    ['a team still loading', { team: null }, [['invite-team', null]]],
    ['two-factor on', { mfaEnabled: true }, [['two-factor', true]]],
    ['the intro watched', { introWatched: true }, [['intro', true]]],
  ])('for %s', (_case, facts, expected) => {
    expect(states(facts)).toEqual(expect.arrayContaining(expected));
  });

  it('leaves out the team in playground mode, where Team cannot be opened yet', () => {
    expect(states({ playgroundMode: true })).toEqual([
      ['two-factor', false],
      ['intro', false],
    ]);
  });

  it('counts what is done', () => {
    expect(gettingStartedChecklist({ ...newOwner, mfaEnabled: true })).toMatchObject({
      doneCount: 1,
      allDone: false,
    });
    expect(
      gettingStartedChecklist({
        ...newOwner,
        team: { members: 3, invites: 0 },
        mfaEnabled: true,
        introWatched: true,
      }),
    ).toMatchObject({ doneCount: 3, allDone: true });
  });

  it.each<[string, Partial<ChecklistFacts>]>([
    ['someone who is not the owner', { isOwner: false }],
    ['an owner who hid it', { dismissed: true }],
  ])('is not shown to %s', (_case, facts) => {
    expect(gettingStartedChecklist({ ...newOwner, ...facts })).toBeNull();
  });
});

describe('approvalQueueText', () => {
  it.each([
    [0, false, 'No companies are waiting for approval.'],
    [1, false, '1 company is waiting for approval.'],
    [7, false, '7 companies are waiting for approval.'],
    [100, true, 'More than 100 companies are waiting for approval.'],
  ])('%d (more: %s) reads %j', (count, more, text) => {
    expect(approvalQueueText(count, more)).toBe(text);
  });
});
