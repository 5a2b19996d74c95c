import {
  errorMessage,
  isApiError,
  NO_RESPONSE_STATUS,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Button, secondaryLinkClasses } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { billingQueryKeys, storeCard } from '../api';
import { CardFrame, type CardFrameHandle } from './card-frame';

/**
 * Add a card (spec 2.5 /stored-cards/add; write:payment_cards): the card is typed into the card
 * processor's frame and only its token is sent to be stored; then /stored-cards/saved.
 */
export function AddCardPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const frame = useRef<CardFrameHandle>(null);
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const errorRef = useRef<HTMLParagraphElement>(null);
  // One key for as long as the token is the same: a retried save stores the card once.
  const saveKey = useRef<{ token: string; key: string } | null>(null);

  async function save() {
    if (state.busy) return;
    setState({ busy: true, error: '' });
    // After a save that got no answer, the same token is sent again under the same key, so the
    // card is stored once; a new token is asked for only when there is none waiting.
    let pending = saveKey.current;
    if (!pending) {
      const outcome = await frame.current?.tokenize();
      if (!outcome || outcome.kind !== 'token') {
        setState({
          busy: false,
          error:
            outcome?.kind === 'failed'
              ? outcome.message
              : 'Check the card details: the card form says what to correct.',
        });
        return;
      }
      pending = { token: outcome.card.token, key: crypto.randomUUID() };
      saveKey.current = pending;
    }
    try {
      const card = await storeCard(api, pending.token, pending.key);
      saveKey.current = null;
      await queryClient.invalidateQueries({ queryKey: billingQueryKeys.savedCards(customerId) });
      await navigate({ to: '/stored-cards/saved', search: { cardId: card.cardId } });
    } catch (error) {
      // A refusal (the card expired, the company's limit) needs new details; no answer does not.
      if (isApiError(error) && error.status !== NO_RESPONSE_STATUS && error.status < 500) {
        saveKey.current = null;
      }
      setState({ busy: false, error: `We couldn't save the card: ${errorMessage(error)}` });
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  }

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Add a card</h1>
        <p className="text-sm text-ink-muted">
          Your team can then add funds with this card without typing its details again.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <CardFrame ref={frame} onSubmitRequest={() => void save()} />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {state.busy ? 'Saving the card…' : ''}
        </p>
        {state.error ? (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
          >
            {state.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={state.busy}>
            Save card
          </Button>
          <Link to="/stored-cards" className={secondaryLinkClasses}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
