// What other features may use of Help: the intro videos and their player (Home's checklist plays
// the walkthrough).
export { HelpVideo, type HelpVideoProps } from './components/help-video';
export { introVideos, introVideoUrl, type IntroVideo, type IntroVideoName } from './intro-videos';
