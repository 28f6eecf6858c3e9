/**
 * Mantine theme (spec part 1 §9): primary amber, secondary dark navy, success mint, warning peach.
 * System fonts only: no web font is downloaded.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

// Shade 6 is what Mantine paints filled buttons, badges and avatars with (white text) and what light and outline variants
// write with: every palette's shade 6 and above reaches 4.5:1 against white and against its own shade 0 (WCAG AA text).
// The lighter shades keep the design's bright amber, mint and peach for surfaces without text on them.
const amber: MantineColorsTuple = ["#fffbeb", "#fef3c7", "#fde68a", "#fcd34d", "#fbbf24", "#f59e0b", "#b45309", "#92400e", "#78350f", "#5f2a0c"];
const navy: MantineColorsTuple = ["#eef1f7", "#d5dbe8", "#aab6d0", "#7d8fb5", "#56699a", "#3c4f80", "#2c3d66", "#22335a", "#1b2a4a", "#111a30"];
const mint: MantineColorsTuple = ["#e6fcf5", "#c3fae8", "#96f2d7", "#63e6be", "#38d9a9", "#20c997", "#087f5b", "#076a4c", "#05553d", "#04402e"];
const peach: MantineColorsTuple = ["#fff4ed", "#ffe6d5", "#ffccaa", "#ffab74", "#ff8a4c", "#fb6f2e", "#c2410c", "#9a3412", "#7c2d12", "#5f220d"];
// Mantine's own palettes the app writes text with: red (errors, delete) and gray (shade 6 is the "dimmed" text, see theme.css).
const red: MantineColorsTuple = ["#fff5f5", "#ffe3e3", "#ffc9c9", "#ffa8a8", "#ff8787", "#ff6b6b", "#c92a2a", "#b02525", "#961f1f", "#7a1919"];
const gray: MantineColorsTuple = ["#f8f9fa", "#f1f3f5", "#e9ecef", "#dee2e6", "#ced4da", "#adb5bd", "#5c636a", "#495057", "#343a40", "#212529"];

/** Colour names for components: `color={COLORS.success}` rather than a raw palette name. */
export const COLORS = { primary: "amber", secondary: "navy", success: "mint", warning: "peach", danger: "red" } as const;

/** Mobile up to 900 px, desktop from 900 px (spec part 1 "Side menu"); the theme's `sm` breakpoint (56.25em) is this one. */
export const MOBILE_BREAKPOINT = 900;

const palettes = { amber, navy, mint, peach, red, gray };

/**
 * Where option lists and calendars open: in a portal (a modal's edges would cut them), the page's <main> rather than the end of
 * <body>, so that they stay inside a landmark (axe's region rule).
 */
export const IN_MAIN = { withinPortal: true, portalProps: { target: "main" } } as const;

/**
 * A clear button's props: named, reachable by Tab, seen by screen readers (Mantine 9 takes it out of both), and a 24 px target
 * (WCAG 2.5.8).
 */
export const clearButtonProps = (label: string) => ({ "aria-label": label, "aria-hidden": false, tabIndex: 0, style: { minWidth: 24, minHeight: 24 } });
const CLEAR_BUTTON = clearButtonProps("Effacer");

const systemFonts = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  // sm is the spec's mobile/desktop boundary, so `{ base, sm }` props switch between mobile and desktop everywhere.
  breakpoints: { xs: "36em", sm: "56.25em", md: "68.75em", lg: "80em", xl: "90em" },
  colors: palettes,
  // Modals and menus appear at once for whoever asked their system for less motion.
  respectReducedMotion: true,
  primaryColor: "amber",
  primaryShade: 6,
  black: "#1b2a4a",
  defaultRadius: "md",
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: "700" },
  // French labels for the few texts Mantine itself renders (screen readers included). Plain objects, not `Select.extend()`:
  // importing the components here would put them (and their floating UI) in the bundle /login downloads.
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": "Afficher ou masquer le mot de passe" } } },
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Fermer" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Fermer" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Fermer" } } },
    Alert: { defaultProps: { closeButtonLabel: "Fermer" } },
    // A badge is never cut: a narrow table column grows to its word ('Oui' in the sessions' FSE column) rather than an ellipsis.
    Badge: { styles: { label: { overflow: "visible" } } },
    // The clear button of every clearable select is a named button that Tab reaches (Mantine 9 hides it from both).
    // A chosen value shows the clear button in place of the chevron (as Mantine 5 did): one 24 px target in the section,
    // which takes the pointer (Mantine lets clicks through it to the input, which then covered the larger button).
    Select: { defaultProps: { clearButtonProps: CLEAR_BUTTON, clearSectionMode: "clear", rightSectionPointerEvents: "all", comboboxProps: IN_MAIN } },
    MultiSelect: { defaultProps: { clearButtonProps: CLEAR_BUTTON, clearSectionMode: "clear", rightSectionPointerEvents: "all", comboboxProps: IN_MAIN } },
    // No focusable placeholder before the items: a menu holds menu items only (axe's aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Light variants (alerts, light buttons and badges) on each palette's lightest shade: text of shade 6 on them (links in an
 * alert) keeps 4.5:1, which Mantine's default, shade 1, does not for amber on peach.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: Object.fromEntries(
    Object.keys(palettes).flatMap((name) => [
      [`--mantine-color-${name}-light`, `var(--mantine-color-${name}-0)`],
      [`--mantine-color-${name}-light-hover`, `var(--mantine-color-${name}-1)`],
    ]),
  ),
  dark: {},
});
