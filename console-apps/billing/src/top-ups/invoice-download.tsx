import type { TopUp } from '@boon/contracts';
import { errorMessage, saveFile, useApiClient, useFeatureToggle } from '@boon/console-kit';
import { Button } from '@boon/ui';
import { useState } from 'react';
import { downloadTopUpInvoice } from '../api';

/**
 * A top-up's invoice as a PDF (the "top-up invoices" toggle): the payment request a
 * finance team files while a bank transfer awaits its money, the receipt once paid.
 */
export function InvoiceDownload({ topUp }: { topUp: TopUp }) {
  const enabled = useFeatureToggle('topUpInvoices');
  const api = useApiClient();
  const [state, setState] = useState({ busy: false, error: '' });
  if (!enabled) return null;
  const label = topUp.status === 'COMPLETED' ? 'Download receipt (PDF)' : 'Download invoice (PDF)';
  const download = async () => {
    if (state.busy) return;
    setState({ busy: true, error: '' });
    try {
      const file = await downloadTopUpInvoice(api, topUp.topUpId);
      saveFile(file.blob, file.filename ?? `invoice-${topUp.paymentReference}.pdf`);
      setState({ busy: false, error: '' });
    } catch (error) {
      setState({ busy: false, error: `We couldn't download the invoice: ${errorMessage(error)}` });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="secondary" onClick={() => void download()} disabled={state.busy}>
          {state.busy ? 'Preparing the PDF…' : label}
        </Button>
      </div>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
