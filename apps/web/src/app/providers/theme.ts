import {
  type ButtonProps,
  type CardProps,
  type CSSVariablesResolver,
  createTheme,
  darken,
  mergeThemeOverrides,
  defaultVariantColorsResolver,
  type ModalProps,
  type PaperProps,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";

/** The platform's own fonts: nothing is fetched, and text appears at once. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/**
 * Mantine draws coloured text, outlines and fills from shades 6 to 9, and for most colours even shade 9 is below
 * WCAG AA's 4.5:1 against white or against the pale tint of a light variant. Every variant but the primary colour's
 * filled one (shade 7 passes) uses shade 9 darkened until it reads on both.
 */
const strong = (palette: readonly string[]) => darken(palette[9]!, 0.3);

const accessibleVariantResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor && parsed.color ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return colors;
  const text = strong(palette);
  switch (input.variant) {
    case "light":
    case "subtle":
      return { ...colors, color: text };
    case "outline":
      return { ...colors, color: text, border: `1px solid ${text}` };
    case "filled":
      if (parsed.color === input.theme.primaryColor) return colors;
      return { ...colors, background: text, hover: darken(text, 0.15) };
    default:
      return colors;
  }
};

/** Calm indigo and rounded surfaces: a marketplace that handles money should look steady, not loud. */
export const theme = createTheme({
  primaryColor: "indigo",
  variantColorResolver: accessibleVariantResolver,
  // Shade 6 is 4.3:1 against white, below WCAG AA's 4.5:1 for the white text of filled buttons and for links.
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: "700" },
  // Plain objects rather than Card.extend(…): those imports would put Card, Paper, Button and Modal (with its
  // portal, focus trap and scroll lock) into the entry chunk, which every first visit downloads.
  components: {
    Card: { defaultProps: { radius: "lg", withBorder: true, shadow: "xs", padding: "lg" } satisfies CardProps },
    Paper: { defaultProps: { radius: "lg" } satisfies PaperProps },
    Button: { defaultProps: { radius: "md" } satisfies ButtonProps },
  },
});

/**
 * Mantine's dimmed text is gray 6, 3.3:1 on white: below WCAG AA's 4.5:1, and most of the app's secondary text is
 * dimmed. This grey stays lighter than body text yet keeps 4.9:1 even on the grey-2 surfaces.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5f666d",
    // The rating's amber: Mantine's yellows and oranges are all below 4.5:1 on white.
    "--lootlane-color-rating": "#a65300",
  },
  dark: {},
});

/**
 * The theme with the interface language's name for a dialog's close button: Mantine's is an unlabelled icon, which a
 * screen reader announces as a bare "button".
 */
export function themeFor(closeLabel: string) {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: { "aria-label": closeLabel } } satisfies Partial<ModalProps> },
      },
    }),
  );
}
