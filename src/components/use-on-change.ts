import { useEffect, useRef } from "react";

/**
 * Runs `effect` when `value` changes after the first render (not for the value the component started with): a new start
 * date re-checks the end date, a new submission picks the tab holding the errors. The latest `effect` runs, so it may read
 * whatever the render saw without listing it as a dependency.
 */
export function useOnChange(value: unknown, effect: () => void) {
  const shown = useRef(value);
  const latestEffect = useRef(effect);
  useEffect(() => {
    latestEffect.current = effect;
  });
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    latestEffect.current();
  }, [value]);
}
