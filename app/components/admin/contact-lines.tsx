import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../ui/cn";

export interface ContactLine {
  icon: LucideIcon;
  /** Read by screen readers before the value ('Correo: …'); the icon is decorative. */
  label: string;
  value: ReactNode;
  /** For e-mails and other long unbroken text. */
  breakAll?: boolean;
}

/** A merchant's contact data on an admin card: one icon line each. */
export function ContactLines({ lines }: { lines: ContactLine[] }) {
  return (
    <ul className="grid gap-1 text-sm text-stone-700">
      {lines.map(({ icon: Icon, label, value, breakAll }) => (
        <li key={label} className={cn("flex items-start gap-2", breakAll && "break-all")}>
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
          <span className="sr-only">{`${label}: `}</span>
          {value}
        </li>
      ))}
    </ul>
  );
}
