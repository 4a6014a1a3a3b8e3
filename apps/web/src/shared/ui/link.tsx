import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: react-router's own test. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * The in-app path an absolute `to` stands for when it is on this origin, else null (another site,
 * or rendering on the server, where react-router's Link also leaves such a link to the browser).
 */
function sameOriginPath(to: string): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const here = new URL(window.location.href);
    const target = new URL(to, here);
    return target.origin === here.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * react-router's `<Link>` as the portal uses it: an `<a>` with the route's href whose plain click
 * navigates inside the app (a modified click or a `target` is left to the browser); an absolute
 * URL keeps its href and navigates inside the app only on this origin. react-router's own Link
 * also carries framework-mode prefetching (`<PrefetchPageLinks>` and the route-module and RSC
 * helpers behind it), which a `createBrowserRouter` app never uses but every first visit
 * downloaded with the entry (docs/decisions/0043-phone-speed.md, the Link addendum).
 */
export function Link({ to, replace, target, onClick, ref, ...rest }: LinkProps) {
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const inApp = absolute ? sameOriginPath(to) : null;
  const route = absolute ? (inApp ?? '/') : to;
  const href = useHref(route);
  const navigate = useLinkClickHandler(route, { replace, target });
  if (absolute && inApp === null) {
    return <a {...rest} ref={ref} href={to} target={target} onClick={onClick} />;
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={absolute ? to : href} target={target} onClick={handleClick} />;
}
