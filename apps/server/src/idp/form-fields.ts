import { CSRF_FIELD } from './forms.js';
import { html, type SafeHtml } from './html.js';

/** The id of a form's error message, which the fields it is about point at. */
export const FORM_ERROR_ID = 'form-error';

export interface FieldOptions {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value?: string;
  autocomplete: string;
  /** Shown under the field and tied to it (aria-describedby). */
  hint?: string;
  /** The field is what the page's error is about: marked invalid and tied to the message. */
  invalid?: boolean;
  /** Tied to the page's error without being marked wrong (a throttled form, say). */
  describedByError?: boolean;
  autofocus?: boolean;
  minLength?: number;
  maxLength: number;
  /** For one-time codes: digits keyboard, no spell checking. */
  numeric?: boolean;
}

/** One labelled input in the provider's look, with its hint and error ties. */
export function field(options: FieldOptions): SafeHtml {
  const { id, label, type, value = '', autocomplete, hint, invalid = false } = options;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [
    ...(invalid || options.describedByError ? [FORM_ERROR_ID] : []),
    ...(hintId ? [hintId] : []),
  ].join(' ');
  const textual = type === 'email' || options.numeric;
  return html`<div class="field">
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${id}"
      type="${type}"
      value="${value}"
      autocomplete="${autocomplete}"
      ${
        textual ? html` autocapitalize="none" spellcheck="false"` : ''
      }${options.numeric ? html` inputmode="numeric"` : ''}${
        options.minLength ? html` minlength="${options.minLength}"` : ''
      }
      maxlength="${options.maxLength}"
      required${invalid ? html` aria-invalid="true"` : ''}${
        describedBy ? html` aria-describedby="${describedBy}"` : ''
      }${options.autofocus ? html` autofocus` : ''}
    />
    ${hint ? html`<p class="hint" id="${hintId}">${hint}</p>` : ''}
  </div>`;
}

/** The page's one error message: announced, and the target of the fields' aria-describedby. */
export function formError(message: string | undefined): SafeHtml | '' {
  return message ? html`<p class="error" id="${FORM_ERROR_ID}" role="alert">${message}</p>` : '';
}

/** A status message that is not an error (a mail was sent, say), announced politely. */
export function formNotice(message: string | undefined): SafeHtml | '' {
  return message ? html`<p class="notice" role="status">${message}</p>` : '';
}

export function csrfInput(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}" />`;
}

export function hiddenInput(name: string, value: string): SafeHtml {
  return html`<input type="hidden" name="${name}" value="${value}" />`;
}
