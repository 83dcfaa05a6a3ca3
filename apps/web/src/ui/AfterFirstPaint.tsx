import { startTransition, useEffect, useState, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** shown until then (default: nothing) */
  placeholder?: ReactNode;
}

/**
 * Renders its children only after the page around it has been committed and painted, as a
 * transition (interruptible, after urgent updates): the parts of a page that are secondary to what
 * the user opened it for (a measurement's trend, photos and alarms) do not delay it (issue 18: a
 * measurement's spectrum appears at once). Their own queries start then too.
 */
export function AfterFirstPaint({ children, placeholder = null }: Props) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // one frame: the first commit is painted before the rest is rendered
    const frame = requestAnimationFrame(() => startTransition(() => setReady(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready ? children : placeholder;
}
