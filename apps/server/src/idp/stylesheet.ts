import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What the console's pages share with these (font stack, focus ring): packages/ui's
 * foundation.css, the one file both read, so the two halves of signing in cannot drift.
 */
export const foundationCss = readFileSync(
  createRequire(import.meta.url).resolve('@boon/ui/foundation.css'),
  'utf8',
);

/**
 * The identity provider pages' own styles, after the shared foundation. Colours meet WCAG AA
 * contrast; layout holds from 320 px up.
 */
const pageStyles = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;font-size:1rem;line-height:1.5;color:#0f172a;background:#f8fafc}
.brand{display:flex;align-items:center;justify-content:center;gap:0.5rem;padding:1.25rem 1rem 0}
.brand-mark{width:2rem;height:2rem;flex-shrink:0}
.brand-name{font-size:1.5rem;font-weight:700;letter-spacing:-0.01em;color:#0f172a}
.card{width:100%;max-width:26rem;margin:1.5rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:0.75rem;box-shadow:0 1px 3px rgba(16,24,40,0.08)}
h1{margin:0 0 0.5rem;font-size:1.5rem;line-height:1.25}
h2{margin:1.5rem 0 0.5rem;font-size:1.125rem;line-height:1.3}
p{margin:0 0 1rem}
.lead{color:#475569}
.error{margin:0 0 1.25rem;padding:0.75rem 1rem;border:1px solid #b42318;border-left-width:4px;border-radius:0.5rem;background:#fef3f2;color:#912018;font-weight:600}
.notice{margin:0 0 1.25rem;padding:0.75rem 1rem;border:1px solid #067647;border-left-width:4px;border-radius:0.5rem;background:#ecfdf3;color:#05603a;font-weight:600}
.field{margin:0 0 1.25rem}
.hint{margin:0.375rem 0 0;font-size:0.875rem;color:#475569}
.field-link{margin:-0.5rem 0 1.25rem;font-size:0.875rem}
.links{margin:0;padding:0;list-style:none}
.links li{margin:0 0 0.5rem}
.steps{margin:0 0 1.25rem;padding-left:1.25rem}
.steps p{margin:0 0 0.5rem}
.secret{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.125rem;letter-spacing:0.05em;word-spacing:0.25em;padding:0.5rem 0.75rem;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:0.5rem;overflow-wrap:anywhere}
label{display:block;margin:0 0 0.375rem;font-weight:600}
input{display:block;width:100%;min-height:2.75rem;padding:0.5rem 0.75rem;font:inherit;color:inherit;background:#fff;border:1px solid #6b7685;border-radius:0.5rem}
input[aria-invalid="true"]{border-color:#b42318}
button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:2.75rem;padding:0.5rem 1rem;font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:1px solid #4f46e5;border-radius:0.5rem;cursor:pointer}
button:hover{background:#4338ca;border-color:#4338ca}
button.secondary{color:#b42318;background:#fff;border-color:#b42318}
button.secondary:hover{color:#fff;background:#b42318;border-color:#b42318}
.alternative{margin:1rem 0 0;text-align:center}
a{color:#4f46e5;text-underline-offset:0.15em}
a:hover{color:#4338ca}
@media (max-width:400px){.card{margin:1rem 0;padding:1.5rem 1rem;border-left:0;border-right:0;border-radius:0}}
@media (forced-colors:active){button{border:1px solid ButtonText}}
`;

/** The stylesheet every identity provider page carries inline (html.ts). */
export const stylesheet = `${foundationCss}\n${pageStyles}`;
