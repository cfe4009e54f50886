import { useBlinkOnChange } from './use-blink-on-change';

interface CountBadgeProps {
  count: number;
  /** How long the badge blinks after the count changes (SPEC.md §9). */
  blinkMs: number;
  className?: string;
}

/** A small count bubble over an icon; it blinks when the count changes. Hidden from screen readers: the
 * link around it says the count in words. */
export function CountBadge({ count, blinkMs, className = '' }: CountBadgeProps) {
  const blinking = useBlinkOnChange(count, blinkMs);
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-badge"
      data-blinking={blinking}
      className={`count-badge ${blinking ? 'count-badge--blink' : ''} ${className}`}
      style={blinking ? { animationDuration: `${blinkMs}ms` } : undefined}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
