import { Link } from '@tanstack/react-router';
import { FileSpreadsheet, Link2, Mail } from 'lucide-react';
import { useOrderDraft } from './order-context';

const tiles = [
  {
    deliveryType: 'email',
    title: 'Send by e-mail',
    text: 'We e-mail each recipient their reward, with your message.',
    Icon: Mail,
  },
  {
    deliveryType: 'link',
    title: 'Send by link',
    text: 'Get reward links to hand out yourself: in a chat, a survey or your own e-mail.',
    Icon: Link2,
  },
] as const;

/** Order type selection (spec 2.4 /order/type): a single order by e-mail or by link, or a bulk one. */
export function OrderTypePage() {
  const { form } = useOrderDraft();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Create a new reward</h1>
        <p className="text-sm text-ink-muted">How should the reward reach its recipients?</p>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {tiles.map(({ deliveryType, title, text, Icon }) => (
          <li key={deliveryType}>
            <Link
              to="/order/create"
              search={{ deliveryType }}
              onClick={() => form.setValue('deliveryType', deliveryType)}
              className="flex h-full flex-col gap-3 rounded-lg border border-line bg-surface p-6 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              <span className="text-lg font-semibold text-ink">{title}</span>
              <span className="text-sm text-ink-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-muted">
        Many recipients?{' '}
        <Link to="/bulk/create" className="inline-flex items-center gap-1 text-brand-700 underline">
          <FileSpreadsheet aria-hidden="true" className="h-4 w-4" />
          Send from a spreadsheet
        </Link>
        , up to 50,000 rewards by e-mail at once.
      </p>
    </div>
  );
}
