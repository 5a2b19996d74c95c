import { rewardMessageDefaults } from '@boon/contracts';
import { Button, MerchantLogo, secondaryLinkClasses } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { valuesText } from '../order-create';
import type { BulkChoices } from './bulk-choices';

export interface BulkChoicesSectionProps {
  choices: BulkChoices;
  onChange(choices: BulkChoices): void;
}

/**
 * The order's own merchant and message, for the rows that leave them out: shown, changed on the
 * brands and message steps, or put back to none and the usual message.
 */
export function BulkChoicesSection({ choices, onChange }: BulkChoicesSectionProps) {
  const { merchant } = choices;
  const message = choices.message ?? rewardMessageDefaults;
  return (
    <section aria-labelledby="bulk-choices-heading" className="flex flex-col gap-4">
      <h2 id="bulk-choices-heading" className="text-lg font-semibold text-ink">
        For rows that leave them out
      </h2>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-ink">Merchant</h3>
          {merchant ? (
            <p className="flex items-center gap-3 text-sm">
              <MerchantLogo src={merchant.logoUrl} size="sm" />
              <span>
                <span className="font-medium text-ink">{merchant.name}</span>
                <span className="block text-ink-muted">
                  In {merchant.currency}, offers {valuesText(merchant)}. For every row without a
                  merchant code.
                </span>
              </span>
            </p>
          ) : (
            <p className="text-sm text-ink-muted">
              None: every row names its merchant code. Choose one for the rows that name none.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Link to="/bulk/brands" className={secondaryLinkClasses}>
              {merchant ? 'Change the merchant' : 'Choose the merchant'}
            </Link>
            {merchant ? (
              <Button variant="secondary" onClick={() => onChange({ ...choices, merchant: null })}>
                Remove the merchant
              </Button>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-ink">Message</h3>
          <div
            className="rounded-md border border-line border-l-4 px-4 py-3 text-sm"
            style={{ borderLeftColor: message.colour }}
          >
            <p className="font-semibold text-ink">{message.header}</p>
            <p className="mt-1 whitespace-pre-line text-ink-muted">{message.body}</p>
          </div>
          <p className="text-sm text-ink-muted">
            {choices.message
              ? 'Every reward carries it; a row with a message of its own keeps its text.'
              : 'The usual message. A row with a message of its own keeps its text.'}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/bulk/message" className={secondaryLinkClasses}>
              Edit the message
            </Link>
            {choices.message ? (
              <Button variant="secondary" onClick={() => onChange({ ...choices, message: null })}>
                Use the usual message
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
