import { Progress } from "@mantine/core";
import { useScreenDownloading } from "../router/lazy-screen";

/** A thin bar at the top while the next screen's code downloads, so a slow link does not look like a dead click. */
export function NavigationProgress() {
  if (!useScreenDownloading()) return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-hidden="true"
    />
  );
}
