import { useHasPermission } from '@boon/console-kit';
import { Link } from '@tanstack/react-router';
import { Landmark } from 'lucide-react';

/**
 * Add funds (spec 2.5 add-funds): the ways to top up a balance that this user may use. Bank
 * transfer is the one built so far; card payments and Boon FX join this list with issue 12.
 */
export function AddFundsPage() {
  const mayUseBank = useHasPermission('write:top_up_by_bank');
  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Add funds</h1>
        <p className="text-sm text-ink-muted">Choose how to add money to a balance.</p>
      </div>
      {mayUseBank ? (
        <ul className="flex flex-col gap-3">
          <li>
            <Link
              to="/billing/add-funds/bank-transfer"
              className="flex items-start gap-4 rounded-lg border border-line bg-surface p-5 hover:border-brand-600 hover:bg-surface-muted"
            >
              <Landmark aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-ink">Bank transfer</span>
                <span className="text-sm text-ink-muted">
                  Send money from your bank quoting the reference we give you. It is added to your
                  balance when it arrives, usually within 1 to 3 business days.
                </span>
              </span>
            </Link>
          </li>
        </ul>
      ) : (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          Your role cannot add funds by bank transfer. Ask an owner or admin of your company.
        </p>
      )}
    </div>
  );
}
