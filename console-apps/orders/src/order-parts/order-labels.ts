import type { EmailStatus, OrderItemStatus, OrderStatus } from '@boon/contracts';
import type { BadgeTone } from '@boon/ui';

export const orderStatusLabels: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  SCHEDULED: { label: 'Scheduled', tone: 'neutral' },
  PROCESSING: { label: 'Processing', tone: 'brand' },
  COMPLETED: { label: 'Completed', tone: 'success' },
  PARTIALLY_CANCELLED: { label: 'Partly cancelled', tone: 'neutral' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

export const itemStatusLabels: Record<OrderItemStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Being issued', tone: 'brand' },
  ISSUED: { label: 'Issued', tone: 'brand' },
  SENT: { label: 'Sent', tone: 'success' },
  CLAIMED: { label: 'Claimed', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
  EXPIRED: { label: 'Expired', tone: 'neutral' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

/** Spec 3: 'email-queued' is "E-mail queued", 'email-sent' "E-mail sent". */
export const emailStatusLabels: Record<EmailStatus, string> = {
  'email-queued': 'E-mail queued',
  'email-sent': 'E-mail sent',
  'email-undeliverable': 'E-mail not delivered',
};

export const deliveryLabels = { email: 'E-mail', link: 'Link' } as const;
