import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type RelativeRoutingType,
  type To,
} from 'react-router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: To;
  relative?: RelativeRoutingType;
  replace?: boolean;
}

/**
 * The router's link: a real `<a href>` (open in a new tab, copy the address) whose plain left click
 * navigates inside the app. Built on React Router's documented hooks for custom links rather than
 * its `<Link>`, whose prefetching for framework mode is about 3 KB (gzip) on every page this app
 * never uses (React Router cannot drop it from the shared bundle once any page imports `<Link>`).
 */
export function Link({ to, relative, replace, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { relative, replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on `to` itself, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

/**
 * A link that knows whether it leads to the current page (the path or, unless `end`, one below it),
 * as React Router's `<NavLink>` does: `aria-current="page"`, and `className` may depend on it.
 */
export function NavLink({ to, end = false, className, relative, ...rest }: NavLinkProps) {
  // Compared as React Router compares them: without case, "/a/" matching "/a/b" as "/a" does.
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to, { relative }).pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      to={to}
      relative={relative}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
