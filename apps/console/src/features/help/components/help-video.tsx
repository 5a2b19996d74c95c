import { VideoOff } from 'lucide-react';
import { useId, useState } from 'react';
import { links } from '@boon/console-kit';
import { introVideoUrl, type IntroVideo } from '../intro-videos';

export interface HelpVideoProps {
  video: IntroVideo;
  /** Where the videos are served from (the console configuration's helpVideosUrl). */
  baseUrl: string;
  /** Called when the video has played to its end (Home's checklist counts it as watched). */
  onEnded?: () => void;
}

/**
 * True when the videos come from another origin: captions (<track>) only load from there over
 * CORS, so the player asks for it. Same-origin videos are left as they are.
 */
function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * One intro video: a visible title, the browser's own player (keyboard operable, captions on by
 * default) and a short text description. A video that cannot be loaded is replaced by a message
 * rather than left as a broken player.
 */
export function HelpVideo({ video, baseUrl, onEnded }: HelpVideoProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [failed, setFailed] = useState(false);

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-base font-semibold text-ink">
        {video.title}
      </h3>
      {failed ? (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md bg-surface-muted p-4 text-center text-sm text-ink-muted">
          <VideoOff className="h-6 w-6" aria-hidden="true" />
          <p className="font-medium text-ink">This video couldn&apos;t be loaded.</p>
          <p>
            Check your connection and reload the page, or read the guides in the{' '}
            <a
              href={links.helpCentre}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              help centre<span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>
      ) : (
        <video
          controls
          preload="metadata"
          src={introVideoUrl(baseUrl, video.name, 'webm')}
          poster={introVideoUrl(baseUrl, video.name, 'jpg')}
          crossOrigin={isCrossOrigin(baseUrl) ? 'anonymous' : undefined}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          onError={() => setFailed(true)}
          onEnded={onEnded}
          className="aspect-video w-full rounded-md bg-ink"
        >
          <track
            kind="captions"
            default
            src={introVideoUrl(baseUrl, video.name, 'vtt')}
            srcLang="en"
            label="English"
          />
          Your browser can&apos;t play this video.
        </video>
      )}
      <p id={descriptionId} className="text-sm text-ink-muted">
        {video.description}
        {video.showsSoFar ? (
          <span className="mt-2 block rounded-md bg-surface-muted px-3 py-2 text-ink">
            {video.showsSoFar}
          </span>
        ) : null}
      </p>
    </article>
  );
}
