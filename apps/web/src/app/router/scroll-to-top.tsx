import { useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/**
 * A page that opens anew opens at its top. Without this the window kept the list's position: a phone user who
 * scrolled down the catalogue and opened a product seen before (its data at hand, so its page as tall as it will
 * be at once) landed at the bottom of it. React Router's `<ScrollRestoration>` works only in its data mode. Back
 * and Forward are left to the browser, which restores their positions itself; a change of only the query (a
 * list's filters or page) keeps the position, as the list stays where it is.
 */
export function ScrollToTop(): null {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
