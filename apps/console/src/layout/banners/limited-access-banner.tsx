import { links } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import { ExternalLink } from './external-link';

/**
 * Spec 2.8: "You have limited access. To access the full platform Complete verification", the
 * last two words linking to the verification form. Shown while the selected customer has
 * limited access (not yet verified).
 */
export function LimitedAccessBanner() {
  const limitedAccess = useAppStore((state) => state.limitedAccess);
  if (!limitedAccess) return null;
  return (
    <section
      aria-label="Limited access"
      className="border-b border-brand-200 bg-brand-50 px-6 py-3 text-sm text-ink md:px-10"
    >
      <p>
        You have limited access. To access the full platform{' '}
        <ExternalLink
          href={links.verificationForm}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Complete verification
        </ExternalLink>
      </p>
    </section>
  );
}
