/**
 * Home's getting-started checklist for a new owner: invite the team, turn on two-factor
 * authentication, watch the intro. Each item is done by what the data says, not by a click on
 * the list: the team has someone besides the owner (a member or an invite), the user's sign-in
 * asks for a second factor, the intro video has been watched to its end.
 */

export type ChecklistItemId = 'invite-team' | 'two-factor' | 'intro';

export interface ChecklistFacts {
  /** The user owns the customer they act for. */
  isOwner: boolean;
  /** The customer is in playground mode, where Team cannot be opened yet. */
  playgroundMode: boolean;
  /** The user hid the checklist (kept with the user, so in every browser). */
  dismissed: boolean;
  /** The customer's members and open invites; null until known. */
  team: { members: number; invites: number } | null;
  mfaEnabled: boolean;
  introWatched: boolean;
}

export interface ChecklistItem {
  id: ChecklistItemId;
  /** Whether it is done; null while the data that says so is still loading. */
  done: boolean | null;
}

export interface Checklist {
  items: ChecklistItem[];
  doneCount: number;
  allDone: boolean;
}

/** The checklist to show, or null when there is none for this user (not an owner, or hidden). */
export function gettingStartedChecklist(facts: ChecklistFacts): Checklist | null {
  if (!facts.isOwner || facts.dismissed) return null;
  const items: ChecklistItem[] = [
    ...(facts.playgroundMode
      ? []
      : [
          {
            id: 'invite-team' as const,
            done: facts.team === null ? null : facts.team.members > 1 || facts.team.invites > 0,
          },
        ]),
    { id: 'two-factor', done: facts.mfaEnabled },
    { id: 'intro', done: facts.introWatched },
  ];
  const doneCount = items.filter((item) => item.done === true).length;
  return { items, doneCount, allDone: doneCount === items.length };
}

/** How the approval queue's size reads on a staff member's Home. */
export function approvalQueueText(count: number, more: boolean): string {
  if (more) return `More than ${count} companies are waiting for approval.`;
  if (count === 0) return 'No companies are waiting for approval.';
  if (count === 1) return '1 company is waiting for approval.';
  return `${count} companies are waiting for approval.`;
}
