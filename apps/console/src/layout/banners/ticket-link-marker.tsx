import { buildInfo } from './build-info';
import { ExternalLink } from './external-link';
import { ticketIdFromBranch, ticketUrl } from './ticket-link';

export interface TicketLinkMarkerProps {
  /** Defaults to the branch this bundle was built from. */
  branch?: string;
}

/** Spec 2.7: "A ticket-link marker shows if a ticket id is in the build branch name." */
export function TicketLinkMarker({ branch = buildInfo.branch }: TicketLinkMarkerProps) {
  const ticketId = ticketIdFromBranch(branch);
  if (ticketId === null) return null;
  return (
    <ExternalLink
      href={ticketUrl(ticketId)}
      title={`Built from ${branch}`}
      className="inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      Ticket {ticketId}
    </ExternalLink>
  );
}
