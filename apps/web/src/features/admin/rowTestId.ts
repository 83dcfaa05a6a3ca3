import type { HTMLAttributes } from 'react';

/** Table `onRow` attributes carrying a data-testid (e.g. `user-row-<email>`) for the end-to-end tests. */
export const rowTestId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLElement>;
