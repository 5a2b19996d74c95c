import { createRewardButtonState } from '@boon/domain';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { routePath } from '../../app/route-names';
import { useAppStore } from '@boon/console-kit/shell';

const classes =
  'flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-white';

/**
 * "create new reward" (spec 2.1): opens order-type-selection. Shown once the customer list has
 * loaded, never for the internal demo customer, only with write:orders and never in playground;
 * disabled while a customer error exists or no customer is selected. It appears once the ordering
 * application, which owns order-type-selection, is part of the build.
 */
export function CreateRewardButton({ customersSettled }: { customersSettled: boolean }) {
  const state = useAppStore();
  const target = routePath('order-type-selection');
  const buttonState = createRewardButtonState({
    customersSettled,
    customerId: state.customerId,
    customerErr: state.customerErr,
    permissions: state.userPermissions,
    playgroundMode: state.playgroundMode,
  });
  if (buttonState === 'hidden' || target === undefined) return null;
  if (buttonState === 'disabled') {
    return (
      <button type="button" disabled className={`${classes} cursor-not-allowed bg-brand-200`}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Create new reward
      </button>
    );
  }
  return (
    <Link to={target} className={`${classes} bg-brand-600 hover:bg-brand-700`}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create new reward
    </Link>
  );
}
