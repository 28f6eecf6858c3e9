/**
 * Inline style of a text read by screen readers but not shown, taking no room in the layout (a narrow column's words that the
 * eye does without): `<span style={SCREEN_READER_ONLY}>du </span>`.
 */
export const SCREEN_READER_ONLY = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;
