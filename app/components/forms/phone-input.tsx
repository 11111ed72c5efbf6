import type { ClipboardEvent, ComponentProps } from "react";
import { formatPhoneInput, PHONE_INPUT_MAX_LENGTH } from "../../../shared/phone";
import { Input } from "../ui/input";

export type PhoneInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  value: string;
  /** Receives the formatted value ('+503 7000-0001'). */
  onChange: (value: string) => void;
};

/**
 * Phone field of spec §5: keeps only digits and formats them as typed or pasted
 * ('+503 7000-0001'), at most 14 characters. A local Salvadoran number (8 digits starting
 * with 2, 6 or 7) gets +503 as its 8th digit is typed (formatPhoneInput).
 */
export function PhoneInput({
  value,
  onChange,
  placeholder = "+503 7000-0000",
  ...props
}: PhoneInputProps) {
  // The browser would cut a long paste at maxLength before we could format it, losing digits.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    onChange(formatPhoneInput(input.value.slice(0, start) + pasted + input.value.slice(end)));
  };
  return (
    <Input
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? "tel"}
      maxLength={PHONE_INPUT_MAX_LENGTH}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(formatPhoneInput(event.target.value))}
      onPaste={onPaste}
    />
  );
}
