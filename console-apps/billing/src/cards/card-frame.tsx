import { CARD_PROCESSOR_PATH } from '@boon/contracts';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** What the processor's frame says of a card it tokenised: never its number. */
export interface FramedCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type TokenizeOutcome =
  | { kind: 'token'; card: FramedCard }
  /** The frame's own fields say what to fix. */
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

export interface CardFrameHandle {
  /** Asks the frame for a token of what was typed in it. */
  tokenize(): Promise<TokenizeOutcome>;
}

interface FrameMessage {
  type?: unknown;
  requestId?: unknown;
  height?: unknown;
  card?: unknown;
  message?: unknown;
}

/** How long the frame may take to answer before the console says so. */
const TOKENIZE_TIMEOUT_MS = 20_000;
const INITIAL_HEIGHT_PX = 330;

/**
 * The card processor's frame: the card number is typed into the processor's own
 * page, so only a token reaches the console's state. It talks by postMessage, to and from the
 * processor's origin only; Enter inside it submits the surrounding form (`onSubmitRequest`).
 */
export function CardFrame({
  ref,
  onSubmitRequest,
  title = 'Card details',
}: {
  ref?: Ref<CardFrameHandle>;
  onSubmitRequest?: () => void;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT_PX);
  const [ready, setReady] = useState(false);
  const pending = useRef(new Map<string, (outcome: TokenizeOutcome) => void>());
  const submitRequest = useRef(onSubmitRequest);
  useEffect(() => {
    submitRequest.current = onSubmitRequest;
  });
  const src = `${CARD_PROCESSOR_PATH}/frame`;
  const processorOrigin = new URL(src, window.location.href).origin;

  useEffect(() => {
    const waiting = pending.current;
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== processorOrigin || event.source !== frame.current?.contentWindow) return;
      const data = event.data;
      if (typeof data !== 'object' || data === null) return;
      if (data.type === 'card-sandbox:ready') setReady(true);
      if (data.type === 'card-sandbox:resize' && typeof data.height === 'number') {
        setHeight(Math.min(Math.max(Math.ceil(data.height) + 4, 200), 800));
      }
      if (data.type === 'card-sandbox:submit') submitRequest.current?.();
      if (typeof data.requestId !== 'string') return;
      const settle = waiting.get(data.requestId);
      if (!settle) return;
      waiting.delete(data.requestId);
      if (data.type === 'card-sandbox:token' && isFramedCard(data.card)) {
        settle({ kind: 'token', card: data.card });
      } else if (data.type === 'card-sandbox:invalid') {
        settle({ kind: 'invalid' });
      } else {
        settle({
          kind: 'failed',
          message:
            typeof data.message === 'string'
              ? data.message
              : 'The card processor did not answer. Try again in a few minutes.',
        });
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      for (const settle of waiting.values()) {
        settle({ kind: 'failed', message: 'The card form was closed before it answered.' });
      }
      waiting.clear();
    };
  }, [processorOrigin]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize() {
        const target = frame.current?.contentWindow;
        if (!target || !ready) {
          return Promise.resolve({
            kind: 'failed',
            message: 'The card form is still loading. Wait a moment and try again.',
          });
        }
        const requestId = crypto.randomUUID();
        return new Promise<TokenizeOutcome>((resolve) => {
          const timer = window.setTimeout(() => {
            pending.current.delete(requestId);
            resolve({
              kind: 'failed',
              message: 'The card processor took too long to answer. Try again in a few minutes.',
            });
          }, TOKENIZE_TIMEOUT_MS);
          pending.current.set(requestId, (outcome) => {
            window.clearTimeout(timer);
            resolve(outcome);
          });
          target.postMessage({ type: 'card-sandbox:tokenize', requestId }, processorOrigin);
        });
      },
    }),
    [processorOrigin, ready],
  );

  return (
    <div className="flex flex-col gap-2">
      <iframe
        ref={frame}
        src={src}
        title={title}
        className="w-full rounded-md border-0"
        style={{ height }}
      />
      {ready ? null : (
        <p role="status" className="text-sm text-ink-muted">
          Loading the card form…
        </p>
      )}
    </div>
  );
}

function isFramedCard(value: unknown): value is FramedCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.token === 'string' &&
    typeof card.brand === 'string' &&
    typeof card.last4 === 'string' &&
    typeof card.expMonth === 'number' &&
    typeof card.expYear === 'number'
  );
}
