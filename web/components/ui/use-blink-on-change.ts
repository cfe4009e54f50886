import { useEffect, useRef, useState } from 'react';

/** True for `durationMs` each time `value` changes after the first render (a badge blink). */
export function useBlinkOnChange(value: unknown, durationMs: number): boolean {
  const [blinking, setBlinking] = useState(false);
  const previous = useRef(value);

  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    setBlinking(true);
    const timer = setTimeout(() => setBlinking(false), durationMs);
    return () => clearTimeout(timer);
  }, [value, durationMs]);

  return blinking;
}
