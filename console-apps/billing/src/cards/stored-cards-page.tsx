import type { SavedCard } from '@boon/contracts';
import {
  errorMessage,
  ListLoadError,
  useApiClient,
  useHasPermission,
  useSelectedCustomerId,
  utcDateFormat,
} from '@boon/console-kit';
import { Button, Dialog, primaryLinkClasses } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { billingQueryKeys, removeCard, useSavedCards } from '../api';
import { cardExpiry } from './card-label';

/**
 * Stored cards (spec 2.5 /stored-cards; read:payment_cards, non-staff): the company's cards for
 * top-ups, as a person recognises them. Adding needs write:payment_cards, removing
 * delete:payment_cards (decisions.md's roles); the server checks both.
 */
export function StoredCardsPage() {
  const customerId = useSelectedCustomerId();
  const cards = useSavedCards(customerId);
  const mayAdd = useHasPermission('write:payment_cards');
  const mayRemove = useHasPermission('delete:payment_cards');
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">Stored cards</h1>
          <p className="text-sm text-ink-muted">
            Cards your team can use to add funds. We keep the card&apos;s brand, last four digits
            and expiry date; the card number stays with the card processor.
          </p>
        </div>
        {mayAdd ? (
          <Link to="/stored-cards/add" className={primaryLinkClasses}>
            Add a card
          </Link>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {cards.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading your stored cards…
        </p>
      ) : cards.isError ? (
        <div role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
          <ListLoadError
            what="your stored cards"
            error={cards.error}
            onRetry={() => void cards.refetch()}
          />
        </div>
      ) : cards.data.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          No stored cards yet.{' '}
          {mayAdd ? 'Add a card to pay for top-ups without typing its details each time.' : ''}
        </p>
      ) : (
        <ul aria-label="Stored cards" className="flex flex-col gap-3">
          {cards.data.map((card) => (
            <StoredCardItem
              key={card.cardId}
              card={card}
              onRemove={mayRemove ? () => setRemoving(card) : undefined}
            />
          ))}
        </ul>
      )}
      {removing ? (
        <RemoveCardDialog
          card={removing}
          onDone={(removed) => {
            setRemoving(null);
            if (removed) setAnnouncement(`${removed.brand} ending ${removed.last4} removed.`);
          }}
        />
      ) : null}
    </div>
  );
}

function StoredCardItem({ card, onRemove }: { card: SavedCard; onRemove?: () => void }) {
  const { formatDate } = utcDateFormat();
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-line bg-surface p-4">
      <div className="flex items-start gap-3">
        <CreditCard aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold text-ink">
            {card.brand} ending {card.last4}
          </span>
          <span className="text-sm text-ink-muted">
            Expires {cardExpiry(card)}
            {card.holderName ? ` · ${card.holderName}` : ''} · Added {formatDate(card.createdAt)}
          </span>
        </div>
      </div>
      {onRemove ? (
        <Button
          variant="secondary"
          onClick={onRemove}
          aria-label={`Remove ${card.brand} ending ${card.last4}`}
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

function RemoveCardDialog({
  card,
  onDone,
}: {
  card: SavedCard;
  onDone: (removed: SavedCard | null) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const customerId = useSelectedCustomerId();
  const remove = useMutation({
    mutationFn: () => removeCard(api, card.cardId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingQueryKeys.savedCards(customerId) });
      onDone(card);
    },
  });
  return (
    <Dialog
      open
      title={`Remove ${card.brand} ending ${card.last4}?`}
      description="Your team can no longer pay with it. Top-ups already paid with it are not affected."
      onOpenChange={(open) => {
        if (!open) onDone(null);
      }}
      yesLabel={remove.isPending ? 'Removing…' : 'Remove card'}
      yesDisabled={remove.isPending}
      onYes={() => remove.mutate()}
      noLabel="Keep card"
      onNo={() => onDone(null)}
    >
      {remove.isError ? (
        <p role="alert" className="text-danger">
          We couldn&apos;t remove the card: {errorMessage(remove.error)}
        </p>
      ) : null}
    </Dialog>
  );
}
