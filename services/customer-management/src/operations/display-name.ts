/** A person's name as mails and lists show it; the address when no name was given. */
export function displayName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
