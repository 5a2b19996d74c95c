import {
  BookOpen,
  CalendarDays,
  ExternalLink,
  FileText,
  LifeBuoy,
  Mail,
  ShieldCheck,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { getConsoleConfig, contactEmails, links } from '@boon/console-kit';
import { introVideos } from '../intro-videos';
import { HelpVideo } from './help-video';

interface HelpLink {
  label: string;
  description: string;
  href: string;
  icon: LucideIcon;
  /** Opens in a new tab (everything but e-mail). */
  external: boolean;
}

const helpLinks: readonly HelpLink[] = [
  {
    label: 'Help centre',
    description: 'Guides and answers to common questions.',
    href: links.helpCentre,
    icon: LifeBuoy,
    external: true,
  },
  {
    label: 'Contact support',
    description: `Write to us at ${contactEmails.support}.`,
    href: links.supportContact,
    icon: Mail,
    external: false,
  },
  {
    label: 'Roles and permissions',
    description: 'What each role in your team can see and do.',
    href: links.rolesMatrix,
    icon: UsersRound,
    external: true,
  },
  {
    label: 'Book a demo',
    description: 'A guided tour of the platform with our team.',
    href: links.bookDemo,
    icon: CalendarDays,
    external: true,
  },
  {
    label: 'Verification form',
    description: "Complete your company's verification to get full access.",
    href: links.verificationForm,
    icon: ShieldCheck,
    external: true,
  },
  {
    label: 'Terms of service',
    description: 'The terms that apply to your use of the platform.',
    href: links.termsOfService,
    icon: FileText,
    external: true,
  },
  {
    label: 'Privacy policy',
    description: 'How we handle personal data.',
    href: links.privacyPolicy,
    icon: BookOpen,
    external: true,
  },
];

/** Help (spec 1, 9): the four intro videos, and where to find more help. */
export function HelpPage() {
  const { productName, helpVideosUrl } = getConsoleConfig();
  const videosHeadingId = useId();
  const linksHeadingId = useId();

  return (
    <div className="flex w-full max-w-5xl flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Help</h1>
        <p className="text-ink-muted">
          New to {productName}? Start with the intro videos, or find answers and people below.
        </p>
      </div>

      <section aria-labelledby={videosHeadingId} className="flex flex-col gap-4">
        <h2 id={videosHeadingId} className="text-lg font-semibold text-ink">
          Intro videos
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {introVideos(productName).map((video) => (
            <li key={video.name}>
              <HelpVideo video={video} baseUrl={helpVideosUrl} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={linksHeadingId} className="flex flex-col gap-4">
        <h2 id={linksHeadingId} className="text-lg font-semibold text-ink">
          More help
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {helpLinks.map((link) => (
            <HelpLinkItem key={link.label} link={link} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function HelpLinkItem({ link }: { link: HelpLink }) {
  const descriptionId = useId();
  return (
    <li className="flex items-start gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm">
      <link.icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <a
          href={link.href}
          aria-describedby={descriptionId}
          {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {link.label}
          {link.external ? (
            <>
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </>
          ) : null}
        </a>
        <p id={descriptionId} className="text-sm text-ink-muted">
          {link.description}
        </p>
      </div>
    </li>
  );
}
