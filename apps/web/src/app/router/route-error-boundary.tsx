import { Component, type ReactNode, useEffect } from "react";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { reloadPage } from "@/shared/lib/reload-page";
import { HomeButton } from "../pages/status-actions";
import { StatusScreen } from "../pages/status-screen";

/**
 * A screen that crashed, or whose code failed to download (e.g. after a new release replaced the hashed files):
 * a reload fetches fresh code and data.
 */
function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation("status");
  const { t: tc } = useTranslation("common");
  useEffect(() => console.error(error), [error]);
  return (
    <StatusScreen
      title={t("error.title")}
      text={t("error.text")}
      actions={
        <>
          <Button onClick={reloadPage}>{tc("retry")}</Button>
          <HomeButton />
        </>
      }
    />
  );
}

type CrashBoundaryProps = { resetKey: string; children: ReactNode };
type CrashBoundaryState = { crashed: { error: unknown } | null; resetKey: string };

/** React catches render errors only in a class component; going elsewhere (a new `resetKey`) tries again. */
class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { crashed: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<CrashBoundaryState> {
    return { crashed: { error } };
  }

  static getDerivedStateFromProps(props: CrashBoundaryProps, state: CrashBoundaryState): Partial<CrashBoundaryState> {
    return props.resetKey === state.resetKey ? {} : { crashed: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.crashed ? <CrashScreen error={this.state.crashed.error} /> : this.props.children;
  }
}

/** Wraps `children`, or the matched child route; a navigation clears the crash screen. */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  return <CrashBoundary resetKey={useLocation().key}>{children ?? <Outlet />}</CrashBoundary>;
}
