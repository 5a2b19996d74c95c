import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * A mail's plain-text body with its http(s) links clickable. The HTML body is not rendered: the
 * text says the same, and nothing a mail holds can then run or restyle the console.
 */
export function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <pre className="whitespace-pre-wrap break-words rounded border border-line bg-surface p-4 font-sans text-sm text-ink">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}
