/**
 * The intro videos of the Help page (spec 9, "Links and videos"). Each is served from the
 * configured helpVideosUrl as `<name>.webm` with WebVTT captions in `<name>.vtt`; the console
 * ships default recordings in apps/console/public/help-videos (scripts/record-help-videos.mjs).
 */
export interface IntroVideo {
  /** The file name without extension, the same in every deployment. */
  name: string;
  title: string;
  description: string;
  /**
   * Set while the recording can only show part of what its title promises (the screens it is
   * about are not built yet); the Help page says so next to the video.
   */
  showsSoFar?: string;
}

export const INTRO_VIDEO_NAMES = [
  'home-walkthrough',
  'platform-overview',
  'creating-rewards',
  'redemption-experience',
] as const;

export type IntroVideoName = (typeof INTRO_VIDEO_NAMES)[number];

/** The four intro videos in the order the Help page shows them; titles carry the product name. */
export function introVideos(productName: string): readonly IntroVideo[] {
  const videos: Record<IntroVideoName, Omit<IntroVideo, 'name'>> = {
    'home-walkthrough': {
      title: 'Home walkthrough',
      description:
        'A tour of Home and the sidebar: which customer you are working for, where each part of the console lives, and where to find your settings and help.',
    },
    'platform-overview': {
      title: `What is ${productName}?`,
      description: `How ${productName} lets your company send gift cards and payouts to employees, customers and research participants, paid from prepaid balances in many currencies.`,
    },
    'creating-rewards': {
      title: 'Creating and sending rewards',
      description:
        'How to order a reward for one person or for thousands from a spreadsheet, deliver it by email or by link, and follow it until it is redeemed.',
      showsSoFar:
        'Ordering from a spreadsheet is not built yet: this recording shows one order by e-mail, from the merchant to Order history.',
    },
    'redemption-experience': {
      title: 'The redemption experience',
      description:
        'What your recipients see when they open a reward, how they choose a gift card or payout, and how you can make the page your own.',
      showsSoFar:
        'Company-wide branding is not built yet: this recording shows the message and colour each order sets.',
    },
  };
  return INTRO_VIDEO_NAMES.map((name) => ({ name, ...videos[name] }));
}

/**
 * The address of a video's file (`webm`), captions (`vtt`) or poster image (`jpg`, the frame the
 * player shows before it plays) under the configured base URL.
 */
export function introVideoUrl(
  baseUrl: string,
  name: string,
  extension: 'webm' | 'vtt' | 'jpg',
): string {
  return `${baseUrl.replace(/\/+$/, '')}/${name}.${extension}`;
}
