import axe from 'axe-core';

/**
 * The WCAG 2.0/2.1 A and AA rules the browser tests run, as far as jsdom can judge them: it has
 * no layout, so colour contrast is left to the Playwright run, and a widget rendered on its own
 * is not expected to sit inside a landmark.
 */
const options: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
};

export interface AxeViolation {
  rule: string;
  help: string;
  elements: string[];
}

/**
 * The accessibility violations in `root` (the whole page body by default: the document's title and language are index.html's), each with the elements
 * it hit, so a failing assertion reads as a to-do list. Widgets portal into document.body, hence
 * the document default.
 */
export async function axeViolations(root: Element | Document = document): Promise<AxeViolation[]> {
  const { violations } = await axe.run(root instanceof Document ? root.body : root, options);
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
