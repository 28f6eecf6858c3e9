/**
 * A Mantine Select whose list stays closed when the form, not the user, moves the focus onto it.
 *
 * Mantine 5's searchable Select opens its list on focus. After a refused "Suivant" or save, react-hook-form focuses the
 * first invalid field, and the open list would cover that field's error message. Here react-hook-form's focus goes
 * through a quiet path (the select is rendered non-searchable for that focus, so Mantine does not open it); the
 * user's first key or click makes it searchable again before Mantine handles that key or click.
 *
 *   <QuietFocusSelect fieldRef={field.ref} data={…} value={…} onChange={…} searchable />
 */
import { Select, type SelectProps } from "@mantine/core";
import { useCallback, useState } from "react";
import { flushSync } from "react-dom";
import type { RefCallBack } from "react-hook-form";

export interface QuietFocusSelectProps extends SelectProps {
  /** react-hook-form's field ref: it receives the quiet focus. */
  fieldRef: RefCallBack;
}

export function QuietFocusSelect({ fieldRef, searchable = false, onBlur, ...props }: QuietFocusSelectProps) {
  const [quiet, setQuiet] = useState(false);
  const ref = useCallback(
    (input: HTMLInputElement | null) =>
      fieldRef(
        input && {
          focus: () => {
            // Rendered non-searchable before the focus lands, so that this focus does not open the list.
            if (searchable) flushSync(() => setQuiet(true));
            input.focus();
          },
        },
      ),
    [fieldRef, searchable],
  );
  // Capture phase: the select is searchable again when Mantine's own key and mouse handlers run for this event.
  const wake = () => {
    if (quiet) flushSync(() => setQuiet(false));
  };
  return (
    <Select
      {...props}
      ref={ref}
      searchable={searchable && !quiet}
      onKeyDownCapture={wake}
      onMouseDownCapture={wake}
      onBlur={(event) => {
        setQuiet(false);
        onBlur?.(event);
      }}
    />
  );
}
