import { Dialog } from '@boon/ui';
import { useEffect, useRef } from 'react';

/**
 * 3-D Secure: the card issuer's page in a dialog over the payment, as card
 * payments show it. The console never reads it; it waits for the processor's page to say the
 * cardholder answered, then asks the server how the payment ended. Closing the dialog leaves the
 * payment waiting (the server settles it or lets it expire).
 */
export function ChallengeDialog({
  url,
  onAnswered,
  onClose,
}: {
  url: string;
  onAnswered: () => void;
  onClose: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const answered = useRef(onAnswered);
  useEffect(() => {
    answered.current = onAnswered;
  });
  const origin = new URL(url, window.location.href).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: unknown }>) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === 'card-sandbox:challenge-complete') answered.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  return (
    <Dialog
      open
      title="Confirm the payment with your bank"
      description="Your card's bank asks you to confirm this payment. Nothing is added until you do."
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <iframe
        ref={frame}
        src={url}
        title="Your bank's confirmation page"
        className="h-[26rem] w-full rounded-md border border-line"
      />
    </Dialog>
  );
}
