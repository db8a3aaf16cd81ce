import { useMediaQuery } from "@mantine/hooks";

/**
 * True while the viewport is narrower than `px` (SPEC §2 breakpoints: "below 1024 px").
 * Read during the first render, so a phone never paints the desktop navigation first.
 */
export function useIsBelow(px: number): boolean {
  return useMediaQuery(`(max-width: ${px - 0.02}px)`, false, { getInitialValueInEffect: false });
}
