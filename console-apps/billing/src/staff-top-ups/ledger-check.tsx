import type { LedgerCheckResult } from '@boon/contracts';
import { ErrorAlert, errorMessage, useApiClient } from '@boon/console-kit';
import { Badge, Button } from '@boon/ui';
import { useState } from 'react';
import { checkLedger } from '../api';

/**
 * Staff run the ledger's own checks (what `npm run ledger:verify` and the nightly job run) on
 * demand: each check, what it looked at, and every mismatch it found.
 */
export function LedgerCheck() {
  const api = useApiClient();
  const [state, setState] = useState<{
    busy: boolean;
    error: string;
    result: LedgerCheckResult | null;
  }>({ busy: false, error: '', result: null });
  const failed = state.result?.checks.filter((check) => check.mismatches.length > 0) ?? [];

  const run = async () => {
    if (state.busy) return;
    setState({ busy: true, error: '', result: null });
    try {
      setState({ busy: false, error: '', result: await checkLedger(api) });
    } catch (error) {
      setState({
        busy: false,
        error: `We couldn't check the ledger: ${errorMessage(error)}`,
        result: null,
      });
    }
  };

  return (
    <section aria-labelledby="ledger-check" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="ledger-check" className="text-lg font-semibold text-ink">
          Ledger check
        </h2>
        <p className="text-sm text-ink-muted">
          Recomputes every balance from its transfers and compares, as the nightly check does. It
          only reads.
        </p>
      </div>
      <div>
        <Button variant="secondary" onClick={() => void run()} disabled={state.busy}>
          Check the ledger
        </Button>
      </div>
      <p role="status" className="text-sm text-ink empty:hidden">
        {state.busy
          ? 'Checking the ledger…'
          : state.result
            ? failed.length === 0
              ? `All ${state.result.checks.length} checks hold: no mismatch.`
              : `${failed.length} of ${state.result.checks.length} checks found mismatches.`
            : ''}
      </p>
      {state.error ? <ErrorAlert>{state.error}</ErrorAlert> : null}
      {state.result ? (
        <ul aria-label="Ledger checks" className="flex flex-col gap-2">
          {state.result.checks.map((check) => (
            <li key={check.name} className="flex flex-col gap-1 text-sm text-ink">
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone={check.mismatches.length === 0 ? 'success' : 'danger'}>
                  {check.mismatches.length === 0 ? 'Holds' : 'Mismatch'}
                </Badge>
                <span>
                  {check.name}{' '}
                  <span className="text-ink-muted">
                    ({check.checked.toLocaleString('en')} checked)
                  </span>
                </span>
              </span>
              {check.mismatches.length > 0 ? (
                <ul className="list-disc pl-8 font-mono text-xs text-danger">
                  {check.mismatches.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
