import { Button } from '@boon/ui';
import { useEffect, useState } from 'react';

/** Copies `text` to the clipboard and says so (or that it could not) for a few seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 3000);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        aria-label={label}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setOutcome('copied'),
            () => setOutcome('failed'),
          );
        }}
      >
        Copy
      </Button>
      <span role="status" className="text-sm text-ink-muted">
        {outcome === 'copied'
          ? 'Copied'
          : outcome === 'failed'
            ? 'Copying is blocked: select the link and copy it.'
            : ''}
      </span>
    </span>
  );
}
