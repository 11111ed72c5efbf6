import { Star } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { REVIEW_RATING_MAX } from "../../../shared/limits";
import { cn } from "../ui/cn";
import { countLabel } from "../../../shared/plural";

export interface StarInputProps {
  /** 0 means nothing chosen yet (spec §5). */
  value: number;
  onChange: (value: number) => void;
  /** Id of the visible label of the group. */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

const starLabel = (n: number) => `${countLabel(n, "estrella", "estrellas")}`;

/**
 * Five clickable stars with radio-group semantics: one tab stop, arrows move and
 * choose, Home/End jump to 1 and 5.
 */
export function StarInput({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  onBlur,
}: StarInputProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (n: number) => {
    const next = Math.min(REVIEW_RATING_MAX, Math.max(1, n));
    onChange(next);
    refs.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => choose(value + 1),
      ArrowUp: () => choose(value + 1),
      ArrowLeft: () => choose(value - 1),
      ArrowDown: () => choose(value - 1),
      Home: () => choose(1),
      End: () => choose(REVIEW_RATING_MAX),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  // The chosen star is the tab stop; before any choice, the first one.
  const tabStop = value >= 1 ? value : 1;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="flex gap-1"
      onKeyDown={onKeyDown}
    >
      {STARS.map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={starLabel(n)}
          tabIndex={n === tabStop ? 0 : -1}
          disabled={disabled}
          onClick={() => choose(n)}
          onBlur={onBlur}
          className="rounded p-1 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Star
            aria-hidden
            className={cn(
              "size-7 transition-colors",
              n <= value ? "fill-maiz-400 text-maiz-600" : "fill-transparent text-stone-500",
            )}
          />
        </button>
      ))}
    </div>
  );
}
