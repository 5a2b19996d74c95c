/**
 * Links that lead to another screen but sit among buttons look like the design system's Button
 * (same classes), while staying links for the keyboard, the address bar and assistive technology.
 */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors';

export const primaryLinkClasses = `${base} bg-brand-600 text-white hover:bg-brand-700`;
export const secondaryLinkClasses = `${base} border border-line bg-surface text-ink hover:bg-surface-muted`;
