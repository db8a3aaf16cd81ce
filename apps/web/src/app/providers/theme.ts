import { Button, Card, createTheme, Paper } from "@mantine/core";

/** The platform's own fonts: nothing is fetched, and text appears at once. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** Calm indigo and rounded surfaces: a marketplace that handles money should look steady, not loud. */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: "md",
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: "700" },
  components: {
    Card: Card.extend({ defaultProps: { radius: "lg", withBorder: true, shadow: "xs", padding: "lg" } }),
    Paper: Paper.extend({ defaultProps: { radius: "lg" } }),
    Button: Button.extend({ defaultProps: { radius: "md" } }),
  },
});
