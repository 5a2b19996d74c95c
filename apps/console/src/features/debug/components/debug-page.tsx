import { Link } from '@tanstack/react-router';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';

const tools = [
  {
    to: '/debug/features',
    label: 'Feature toggles',
    about: 'Switch screens on and off in this browser.',
  },
  {
    to: '/debug/component',
    label: 'Component library',
    about: 'Every widget of the design system, in every state.',
  },
  { to: '/debug/theme', label: 'Theme', about: 'The design tokens: colours and type.' },
  {
    to: '/debug/full-page-loader',
    label: 'Full page loader',
    about: 'The screen shown while the console starts.',
  },
  {
    to: '/debug/order-complete',
    label: 'Order complete',
    about: 'The confirmation shown once an order is placed.',
  },
  {
    to: '/debug/mailbox',
    label: 'Mailbox',
    about: 'Every mail the product sent: sign-up, invite and password links.',
  },
] as const;

/** /debug (staff, debugViews): the staff tools and the shell's global state as it is now. */
export function DebugPage() {
  const state = useAppStore();
  const toggles = useFeatureToggleStore((s) => s.toggles);
  const rows: [string, string][] = [
    ['customerId', state.customerId ?? '(none)'],
    ['customerErr', state.customerErr ?? '(none)'],
    ['customer default currency', state.customerDefaultCurrency],
    ['customerSource', state.customerSource ?? '(none)'],
    ['isUserStaff', String(state.isUserStaff)],
    ['playgroundMode', String(state.playgroundMode)],
    ['limitedAccess', String(state.limitedAccess)],
    ['userPropertiesPopulated', String(state.userPropertiesPopulated)],
    ['timezoneOverride', state.timezoneOverride ?? '(local)'],
    ['userPermissions', state.userPermissions.join(', ') || '(none)'],
    [
      'feature toggles on',
      Object.entries(toggles)
        .filter(([, on]) => on)
        .map(([key]) => key)
        .join(', '),
    ],
  ];
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <h1 className="text-2xl font-semibold text-ink">Debug</h1>
      <section aria-labelledby="debug-tools" className="flex flex-col gap-3">
        <h2 id="debug-tools" className="text-lg font-semibold text-ink">
          Tools
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {tools.map((tool) => (
            <li key={tool.to} className="rounded-lg border border-line bg-surface p-4">
              <Link to={tool.to} className="font-medium text-brand-700 underline">
                {tool.label}
              </Link>
              <p className="mt-1 text-sm text-ink-muted">{tool.about}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="debug-state" className="flex flex-col gap-3">
        <h2 id="debug-state" className="text-lg font-semibold text-ink">
          Global state
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-ink-muted">{name}</dt>
              <dd className="font-mono break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
