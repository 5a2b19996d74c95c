import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The text of a list's search box, kept in step with the search parameter it filters by
 * (`committed`). Typing commits after `delayMs` without a key press; `commitNow` (the form's
 * submit) does not wait. A change of the parameter from elsewhere (back, forward, a link) shows
 * in the box, unless the box already says the same but for spaces still being typed.
 */
export function useSearchBoxText(committed: string, commit: (text: string) => void, delayMs = 400) {
  const [text, setText] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (committed !== shown) {
    setShown(committed);
    if (text.trim() !== committed) setText(committed);
  }
  // The latest commit, so a new function from each render neither restarts nor drops the wait.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  const pending = text.trim();
  useEffect(() => {
    if (pending === committed) return;
    const timer = setTimeout(() => commitRef.current(pending), delayMs);
    return () => clearTimeout(timer);
  }, [pending, committed, delayMs]);
  const commitNow = useCallback(() => {
    if (pending !== committed) commitRef.current(pending);
  }, [pending, committed]);
  return { text, setText, commitNow };
}
