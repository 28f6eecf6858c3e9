import { useState } from "react";

/**
 * A Mantine multi-select's list closes once an option is picked, as a single select's does: left open, it covered the next
 * field, and its scrolling list (not focusable: options are reached with the arrows from the input) failed axe's
 * scrollable-region-focusable. Spread the result on the MultiSelect.
 */
export function useCloseOnPick() {
  const [opened, setOpened] = useState(false);
  return {
    dropdownOpened: opened,
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => setOpened(false),
    onOptionSubmit: () => setOpened(false),
  };
}
