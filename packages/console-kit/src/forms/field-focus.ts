/**
 * Where each field of a form can take focus. react-hook-form focuses through the refs it
 * registered, which controlled widgets and groups of radios don't hand it; so fields register
 * their element here and focus goes to the first field in error in the order a person reads them.
 */
export interface FieldFocus {
  /** A ref callback for the field's element (an input, a select, or a group's fieldset). */
  track(name: string): (element: HTMLElement | null) => void;
  /** The registered field a path belongs to: itself, or the field holding it ("roles.0" → "roles"). */
  fieldOf(path: string): string | undefined;
  /** Focuses the first of these fields on the page; whether one took focus. */
  focusFirst(names: Iterable<string>): boolean;
}

/**
 * A group takes focus at its chosen option, else at its first one, as Tab would; a field asked for
 * through a link (a picker on a page of its own, such as the order's merchants) at the link.
 */
function focusTarget(element: HTMLElement): HTMLElement | null {
  if (element.matches('input, select, textarea, button, a[href]')) return element;
  return (
    element.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    element.querySelector<HTMLElement>('input:not(:disabled), select, textarea')
  );
}

export function createFieldFocus(): FieldFocus {
  const elements = new Map<string, HTMLElement>();
  const callbacks = new Map<string, (element: HTMLElement | null) => void>();
  return {
    track(name) {
      let callback = callbacks.get(name);
      if (!callback) {
        callback = (element) => {
          if (element) elements.set(name, element);
          else elements.delete(name);
        };
        callbacks.set(name, callback);
      }
      return callback;
    },
    fieldOf(path) {
      const segments = path.split('.');
      for (let length = segments.length; length > 0; length -= 1) {
        const name = segments.slice(0, length).join('.');
        if (elements.has(name)) return name;
      }
      return undefined;
    },
    focusFirst(names) {
      const candidates = [...new Set(names)]
        .map((name) => elements.get(name))
        .filter((element): element is HTMLElement => element?.isConnected === true)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      for (const element of candidates) {
        const target = focusTarget(element);
        if (target) {
          target.focus();
          return true;
        }
      }
      return false;
    },
  };
}

/** The paths of the fields in a nested error object, such as react-hook-form's `errors`. */
export function errorPaths(errors: object, parent = ''): string[] {
  const paths: string[] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (key === 'ref' || key === 'root' || typeof node !== 'object' || node === null) continue;
    const path = parent ? `${parent}.${key}` : key;
    if (typeof (node as { type?: unknown }).type === 'string') paths.push(path);
    paths.push(...errorPaths(node, path));
  }
  return paths;
}
