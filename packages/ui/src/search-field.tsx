import { TextField, type TextFieldProps } from './text-field';

/** Omit over each member of a union (TextFieldProps is one: with or without a pattern). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type SearchFieldProps = OmitEach<TextFieldProps, 'hideCounter' | 'type'>;

/**
 * The text box of a list's search. It keeps the cap a server puts on search text, but never
 * shows the "count/max" counter: nobody types near the cap of a search, and "0/200" under an
 * empty box only reads as noise. It stays an ordinary text box (not type="search"),
 * so the browser adds no clear button of its own beside ours.
 */
export function SearchField(props: SearchFieldProps) {
  return <TextField enterKeyHint="search" autoComplete="off" {...props} hideCounter />;
}
