import type { User } from '@overtone/contract';

/** Whether a user matches the search text (name, surname, both, e-mail or role name; case-insensitive). */
export function userMatches(u: User, search: string): boolean {
  const q = search.trim().toLocaleLowerCase();
  return (
    !q || [u.name, u.surname, `${u.name} ${u.surname}`, u.email, u.roleName ?? ''].some((s) => s.toLocaleLowerCase().includes(q))
  );
}
