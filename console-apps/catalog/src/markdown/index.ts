export { SafeMarkdown, safeHref, type SafeMarkdownProps } from './safe-markdown';
