export { Button, type ButtonProps, type ButtonVariant } from './button';
export { FullPageMessage, type FullPageMessageProps } from './full-page-message';
export { Logo, LogoMark, type LogoProps } from './logo';
export {
  MAIN_CONTENT_ID,
  MainContent,
  useIsWithinMain,
  type MainContentProps,
} from './main-content';
export { SkipLink, type SkipLinkProps } from './skip-link';
export { Spinner } from './spinner';
