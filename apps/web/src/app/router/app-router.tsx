import { BrowserRouter } from "react-router";
import { AppRoutes, createRoutes, preloadScreens } from "./routes";
import { ScrollToTop } from "./scroll-to-top";

const routes = createRoutes();
// The first screen's code and texts download while the shell's texts and the current user are still on their way.
preloadScreens(routes, window.location);

/**
 * React Router's declarative mode: the app loads no data through the router, and the data router's code was 17 kB
 * of every first visit's script (issue 24).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
