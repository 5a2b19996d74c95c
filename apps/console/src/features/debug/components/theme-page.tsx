import { useState } from 'react';

/** The colour tokens of packages/ui/src/theme.css, as staff look them up. */
const colourTokens = [
  'brand-50',
  'brand-100',
  'brand-200',
  'brand-500',
  'brand-600',
  'brand-700',
  'brand-800',
  'ink',
  'ink-muted',
  'surface',
  'surface-muted',
  'line',
  'line-strong',
  'danger',
  'danger-surface',
  'success',
  'success-surface',
] as const;

const typeScale = [
  ['text-2xl font-semibold', 'Page heading'],
  ['text-lg font-semibold', 'Section heading'],
  ['text-base', 'Body text'],
  ['text-sm', 'Secondary text'],
  ['text-xs font-medium uppercase tracking-wide', 'Label'],
] as const;

function readTokenValues(): Record<string, string> {
  const style = getComputedStyle(document.documentElement);
  return Object.fromEntries(
    colourTokens.map((token) => [token, style.getPropertyValue(`--color-${token}`).trim()]),
  );
}

function useTokenValues(): Record<string, string> {
  // The stylesheet has loaded by the time a lazily loaded page renders.
  const [values] = useState(readTokenValues);
  return values;
}

/** /debug/theme (staff, designViews): the design tokens, read from the running stylesheet. */
export function ThemePage() {
  const values = useTokenValues();
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <h1 className="text-2xl font-semibold text-ink">Theme</h1>
      <section aria-labelledby="theme-colours" className="flex flex-col gap-3">
        <h2 id="theme-colours" className="text-lg font-semibold text-ink">
          Colours
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {colourTokens.map((token) => (
            <li key={token} className="flex items-center gap-3 rounded-lg border border-line p-3">
              <span
                aria-hidden="true"
                className="h-10 w-10 shrink-0 rounded-md border border-line"
                style={{ background: `var(--color-${token})` }}
              />
              <span className="flex flex-col">
                <span className="font-mono text-sm text-ink">--color-{token}</span>
                <span className="font-mono text-xs text-ink-muted">{values[token] || '…'}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="theme-type" className="flex flex-col gap-3">
        <h2 id="theme-type" className="text-lg font-semibold text-ink">
          Type
        </h2>
        <ul className="flex flex-col gap-2">
          {typeScale.map(([classes, label]) => (
            <li key={label} className="flex items-baseline gap-4">
              <span className={`${classes} text-ink`}>{label}</span>
              <span className="font-mono text-xs text-ink-muted">{classes}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
