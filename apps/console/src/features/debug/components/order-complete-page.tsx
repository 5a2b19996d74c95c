import { Button, DataTable, type DataTableColumn } from '@boon/ui';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Spec 9: order completion is polled every 1000 ms. */
const POLL_INTERVAL_MS = 1000;

const emailStatusLabels = { 'email-queued': 'E-mail queued', 'email-sent': 'E-mail sent' } as const;
type EmailStatus = keyof typeof emailStatusLabels;

interface SampleItem {
  recipient: string;
  reward: string;
  /** The poll after which the sample's e-mail counts as sent. */
  sentAfterPoll: number;
}

const sampleItems: SampleItem[] = [
  { recipient: 'ada@example.com', reward: '$25.00 gift card', sentAfterPoll: 1 },
  { recipient: 'grace@example.com', reward: '$25.00 gift card', sentAfterPoll: 2 },
  { recipient: 'alan@example.com', reward: '$50.00 payout', sentAfterPoll: 3 },
];

/**
 * /debug/order-complete: the order confirmation with its polled delivery states, driven by sample
 * data so staff can review the screen without placing an order. Nothing here talks to a server.
 */
export function OrderCompletePage() {
  const [polls, setPolls] = useState(0);
  const lastPoll = Math.max(...sampleItems.map((item) => item.sentAfterPoll));
  const complete = polls >= lastPoll;

  useEffect(() => {
    if (complete) return;
    const timer = setTimeout(() => setPolls((n) => n + 1), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [polls, complete]);

  const status = (item: SampleItem): EmailStatus =>
    polls >= item.sentAfterPoll ? 'email-sent' : 'email-queued';
  const columns: DataTableColumn<SampleItem>[] = [
    { key: 'recipient', header: 'Recipient', primary: true },
    { key: 'reward', header: 'Reward' },
    { key: 'sentAfterPoll', header: 'Status', cell: (item) => emailStatusLabels[status(item)] },
  ];

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Order complete</h1>
        <p className="text-sm text-ink-muted">Preview with sample data; polled every second.</p>
      </div>
      <section
        aria-labelledby="order-complete-status"
        className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-6"
      >
        <div className="flex items-center gap-3" role="status">
          {complete ? (
            <CircleCheck className="h-6 w-6 text-success" aria-hidden="true" />
          ) : (
            <span
              className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
              aria-hidden="true"
            />
          )}
          <h2 id="order-complete-status" className="text-lg font-semibold text-ink">
            {complete ? 'Your order is complete' : 'Sending your rewards…'}
          </h2>
        </div>
        <DataTable<SampleItem>
          caption="Rewards in this order"
          hideCaption
          columns={columns}
          rows={sampleItems}
          rowKey={(item) => item.recipient}
          // Three short columns fit a narrower space than most tables.
          cardsBelow={480}
        />
      </section>
      <div>
        <Button variant="secondary" onClick={() => setPolls(0)} disabled={!complete}>
          Replay
        </Button>
      </div>
    </div>
  );
}
