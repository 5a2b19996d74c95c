import type { Customer, Role } from '@boon/contracts';
import { Button } from '@boon/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { errorMessage, useCustomers, useUserMe } from '@boon/console-kit';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { PromoBanner } from '../../../layout/banners/promo-banner';
import { asksTeamSize, useTeamSize } from '../api/home-api';
import { gettingStartedChecklist } from '../getting-started';
import { ApprovalQueueCard } from './approval-queue-card';
import { CustomerSummary, type CustomerSummaryState } from './customer-summary';
import { GettingStartedChecklist } from './getting-started-checklist';

/**
 * Home (spec 2.4 "/ is home"): who is signed in and which customer they act for; a new owner's
 * getting-started checklist; for staff, the approval queue.
 */
export function HomePage() {
  const user = useUserMe();
  const customers = useCustomers();
  const customerId = useAppStore((state) => state.customerId);
  const playgroundMode = useAppStore((state) => state.playgroundMode);
  const isStaff = useAppStore((state) => state.isUserStaff);
  const staffViews = useFeatureToggleStore((state) => state.toggles.staffViews);
  // The promotion invites ordering: for those who may order, outside playground mode.
  const showPromo = useAppStore(
    (state) => state.userPermissions.includes('write:orders') && !state.playgroundMode,
  );
  const customer = customers.data?.find((candidate) => candidate.customerId === customerId) ?? null;
  const heading = useRef<HTMLHeadingElement>(null);

  const isOwner = customer !== null && (user.data?.roles.includes('owner') ?? false);
  const dismissed = user.data?.options.gettingStartedDismissed ?? true;
  const team = useTeamSize(
    customerId,
    user.data
      ? asksTeamSize({ customer: customer ? { playgroundMode } : null, user: user.data })
      : false,
  );
  const checklist = user.data
    ? gettingStartedChecklist({
        isOwner,
        playgroundMode,
        dismissed,
        team,
        mfaEnabled: user.data.mfaEnabled,
        introWatched: user.data.options.introWatched,
      })
    : null;
  // Staff without a customer of their own have none to summarise: their Home is the queue.
  const staffOnly = isStaff && customers.isSuccess && customers.data.length === 0;

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-ink">
          {user.data ? `Welcome, ${user.data.firstName}` : 'Welcome'}
        </h1>
        {user.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading your account…
          </p>
        ) : null}
        {user.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-4 rounded-md bg-danger-surface px-4 py-3 text-danger"
          >
            <p>We couldn&apos;t load your account: {errorMessage(user.error)}</p>
            <Button variant="secondary" onClick={() => void user.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>
      {isStaff && staffViews ? <ApprovalQueueCard /> : null}
      {checklist ? (
        <GettingStartedChecklist checklist={checklist} onHidden={() => heading.current?.focus()} />
      ) : null}
      {staffOnly ? null : (
        <CustomerSummary state={summaryState(customers, customer, user.data?.roles ?? [])} />
      )}
      {showPromo ? <PromoBanner /> : null}
    </div>
  );
}

function summaryState(
  customers: UseQueryResult<Customer[]>,
  selected: Customer | null,
  roles: readonly Role[],
): CustomerSummaryState {
  if (customers.isPending) return { kind: 'loading' };
  if (customers.isError) {
    return {
      kind: 'error',
      message: errorMessage(customers.error),
      retry: () => void customers.refetch(),
    };
  }
  if (customers.data.length === 0) return { kind: 'none' };
  return selected ? { kind: 'selected', customer: selected, roles } : { kind: 'unselected' };
}
