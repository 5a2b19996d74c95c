import type { UserMe } from '@boon/contracts';
import { Badge, Button, Dialog } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { errorMessage, getConsoleConfig, useApiClient } from '@boon/console-kit';
import { applyUpdatedUser, updateUserOptions } from '../../consent';
import { HelpVideo, introVideos } from '../../help';
import { twoFactorSettingsUrl } from '../../settings';
import type { Checklist, ChecklistItemId } from '../getting-started';

/** The video "Watch the intro" plays. */
const INTRO_VIDEO = 'home-walkthrough';

const actionClasses =
  'inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700';

export interface GettingStartedChecklistProps {
  checklist: Checklist;
  /** Where focus goes once the checklist is hidden: the page's heading. */
  onHidden: () => void;
}

/**
 * Home's getting-started checklist for a new owner. Each item shows whether the data
 * says it is done, with the way to do it; hiding the checklist is kept with the user, on the
 * server, so it stays hidden in every browser.
 */
export function GettingStartedChecklist({ checklist, onHidden }: GettingStartedChecklistProps) {
  const { productName } = getConsoleConfig();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const save = useMutation({
    mutationFn: (options: { gettingStartedDismissed?: true; introWatched?: true }) =>
      updateUserOptions(api, options),
    onSuccess: (user: UserMe, options) => {
      applyUpdatedUser(queryClient, user);
      if (options.gettingStartedDismissed) onHidden();
    },
  });
  const { doneCount, items, allDone } = checklist;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-surface p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            Get started with {productName}
          </h2>
          <p className="text-sm text-ink-muted">
            {allDone
              ? "You're all set. You can hide this checklist."
              : `${doneCount} of ${items.length} done`}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            if (!save.isPending) save.mutate({ gettingStartedDismissed: true });
          }}
        >
          Hide this checklist
        </Button>
      </div>
      {save.isError ? (
        <p role="alert" className="mt-4 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
          We couldn&apos;t save that. {errorMessage(save.error)}
        </p>
      ) : null}
      <ol className="mt-4 flex flex-col divide-y divide-line">
        {items.map((item) => (
          <ChecklistRow
            key={item.id}
            id={item.id}
            done={item.done}
            onIntroWatched={() => {
              if (item.done !== true && !save.isPending) save.mutate({ introWatched: true });
            }}
          />
        ))}
      </ol>
    </section>
  );
}

const texts: Record<ChecklistItemId, { title: string; description: string }> = {
  'invite-team': {
    title: 'Invite your team',
    description: 'Give colleagues a sign-in of their own, with a role that fits what they do.',
  },
  'two-factor': {
    title: 'Turn on two-factor authentication',
    description:
      "Sign-in then asks for a code from an authenticator app, so a password alone can't open your account.",
  },
  intro: {
    title: 'Watch the intro',
    description: 'A short tour of Home and the sidebar, and where to find help.',
  },
};

function ChecklistRow({
  id,
  done,
  onIntroWatched,
}: {
  id: ChecklistItemId;
  done: boolean | null;
  onIntroWatched: () => void;
}) {
  const { title, description } = texts[id];
  const Icon = done === null ? Loader2 : done ? CheckCircle2 : Circle;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0">
      <Icon
        aria-hidden="true"
        className={`h-5 w-5 shrink-0 ${done ? 'text-success' : 'text-ink-muted'} ${done === null ? 'motion-safe:animate-spin' : ''}`}
      />
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <h3 className="font-medium text-ink">
          {title}
          {done ? (
            <>
              {' '}
              <Badge tone="success">Done</Badge>
            </>
          ) : null}
        </h3>
        <p className="text-sm text-ink-muted">{description}</p>
      </div>
      <ItemAction id={id} done={done} onIntroWatched={onIntroWatched} />
    </li>
  );
}

function ItemAction({
  id,
  done,
  onIntroWatched,
}: {
  id: ChecklistItemId;
  done: boolean | null;
  onIntroWatched: () => void;
}): ReactNode {
  switch (id) {
    case 'invite-team':
      return done === false ? (
        <Link to="/team/invite" className={actionClasses}>
          Invite team member
        </Link>
      ) : null;
    case 'two-factor': {
      if (done) return null;
      // The provider owns the second factor; it sends the user back to Home.
      const home = new URL('/', window.location.origin).href;
      return (
        <a
          href={twoFactorSettingsUrl(getConsoleConfig().oidc.issuer, home)}
          className={actionClasses}
        >
          Set up two-factor authentication
        </a>
      );
    }
    case 'intro':
      return <IntroVideoDialog watched={done === true} onEnded={onIntroWatched} />;
  }
}

/** The intro video in a dialog; watched to its end, the item is done. */
function IntroVideoDialog({ watched, onEnded }: { watched: boolean; onEnded: () => void }) {
  const { productName, helpVideosUrl } = getConsoleConfig();
  const video = introVideos(productName).find((candidate) => candidate.name === INTRO_VIDEO);
  const [open, setOpen] = useState(false);
  if (!video) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Watch the intro"
      trigger={
        <Button variant={watched ? 'secondary' : 'primary'}>
          {watched ? 'Watch again' : 'Watch the intro'}
        </Button>
      }
      noLabel="Back to Home"
      onNo={() => setOpen(false)}
    >
      <HelpVideo video={video} baseUrl={helpVideosUrl} onEnded={onEnded} />
    </Dialog>
  );
}
