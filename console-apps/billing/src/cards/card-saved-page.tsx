import { useHasPermission, useSelectedCustomerId } from '@boon/console-kit';
import { primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { useSavedCards } from '../api';
import { cardLabel } from './card-label';

const route = getRouteApi('/authenticated/stored-cards/saved');

/** Spec 2.5 /stored-cards/saved: the card just stored, and where to go next. */
export function CardSavedPage() {
  const { cardId } = route.useSearch();
  const customerId = useSelectedCustomerId();
  const cards = useSavedCards(customerId);
  const card = cards.data?.find((candidate) => candidate.cardId === cardId);
  const mayTopUp = useHasPermission('write:top_up_by_card');
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-success" />
        <h1 className="text-2xl font-semibold text-ink">Card saved</h1>
      </div>
      <p className="text-sm text-ink">
        {card
          ? `${cardLabel(card)} is stored. Your team can choose it when adding funds by card.`
          : 'The card is stored. Your team can choose it when adding funds by card.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/stored-cards" className={primaryLinkClasses}>
          Back to stored cards
        </Link>
        {mayTopUp ? (
          <Link to="/billing/add-funds/card-top-up" className={secondaryLinkClasses}>
            Add funds by card
          </Link>
        ) : null}
      </div>
    </div>
  );
}
