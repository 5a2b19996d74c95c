/**
 * Every contact address and outside link the console shows (spec 9, "Links and videos"). The
 * spec leaves the values open; these are Boon's. Change them here and nowhere else.
 */

/** Where customers write for help, and where compliance questions (verification, KYC) go. */
export const contactEmails = {
  support: 'support@boon.example',
  compliance: 'compliance@boon.example',
} as const;

/** A mailto: link for an address. */
export function mailto(address: string): string {
  return `mailto:${address}`;
}

export const links = {
  /** Write to support (the consent-failure message names contactEmails.support as well). */
  supportContact: mailto(contactEmails.support),
  /** Write to compliance. */
  complianceContact: mailto(contactEmails.compliance),
  termsOfService: 'https://boon.example/legal/terms',
  privacyPolicy: 'https://boon.example/legal/privacy',
  helpCentre: 'https://help.boon.example/',
  /** Which role may do what: the roles matrix of decisions.md, explained for customers. */
  rolesMatrix: 'https://help.boon.example/articles/roles-and-permissions',
  /** Where an unknown onboarding state leads (spec 8), and the Help page's "Book a demo". */
  bookDemo: 'https://boon.example/book-a-demo',
  /** The form that completes verification and ends playground mode / limited access. */
  verificationForm: 'https://boon.example/forms/verification',
} as const;

/** Help-centre articles the console links to from the screens they explain. */
export const helpArticles = {
  payoutSelectionTemplates: 'https://help.boon.example/articles/payout-selection-templates',
  redemptionTemplates: 'https://help.boon.example/articles/redemption-templates',
} as const;
