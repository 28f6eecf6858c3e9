/**
 * Mantine 5 theme (spec part 1 §9): primary amber, secondary dark navy, success mint, warning peach.
 * System fonts only: no web font is downloaded.
 */
import type { MantineThemeOverride, Tuple } from "@mantine/core";
// The date pickers (@mantine/dates) read dayjs's locale named by `datesLocale`: it must be loaded.
import "dayjs/locale/fr";

type Shades = Tuple<string, 10>;

const amber: Shades = ["#fffbeb", "#fef3c7", "#fde68a", "#fcd34d", "#fbbf24", "#f59e0b", "#d97706", "#b45309", "#92400e", "#78350f"];
const navy: Shades = ["#eef1f7", "#d5dbe8", "#aab6d0", "#7d8fb5", "#56699a", "#3c4f80", "#2c3d66", "#22335a", "#1b2a4a", "#111a30"];
const mint: Shades = ["#e6fcf5", "#c3fae8", "#96f2d7", "#63e6be", "#38d9a9", "#20c997", "#12b886", "#0ca678", "#099268", "#087f5b"];
const peach: Shades = ["#fff4ed", "#ffe6d5", "#ffccaa", "#ffab74", "#ff8a4c", "#fb6f2e", "#ec5a1d", "#c44512", "#9c3814", "#7e3114"];

/** Colour names for components: `color={COLORS.success}` rather than a raw palette name. */
export const COLORS = { primary: "amber", secondary: "navy", success: "mint", warning: "peach", danger: "red" } as const;

/** Mobile up to 900 px, desktop from 900 px (spec part 1 "Side menu"). */
export const MOBILE_BREAKPOINT = 900;

export const theme: MantineThemeOverride = {
  colorScheme: "light",
  // sm is the spec's mobile/desktop boundary, so `smallerThan("sm")` means mobile everywhere in the app.
  breakpoints: { xs: 576, sm: MOBILE_BREAKPOINT, md: 1100, lg: 1280, xl: 1440 },
  colors: { amber, navy, mint, peach },
  primaryColor: "amber",
  primaryShade: 6,
  black: "#1b2a4a",
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", fontWeight: 700 },
  datesLocale: "fr",
  // French labels for the few texts Mantine itself renders (screen readers included).
  components: {
    PasswordInput: { defaultProps: { visibilityToggleLabel: "Afficher ou masquer le mot de passe" } },
    Modal: { defaultProps: { closeButtonLabel: "Fermer" } },
    Drawer: { defaultProps: { closeButtonLabel: "Fermer" } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Fermer" } } },
    Alert: { defaultProps: { closeButtonLabel: "Fermer" } },
  },
  globalStyles: (t) => ({
    body: { backgroundColor: t.colors.gray[0], color: t.black },
  }),
};
