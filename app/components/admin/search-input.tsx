import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { stripAccents } from "../../../shared/slug";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";

/** The admin lists' search: case- and accent-insensitive ('cafe' finds 'Café'). */
export const foldText = (text: string) => stripAccents(text).toLowerCase();

/** A search box with its magnifier; `className` styles the wrapper, the label stays outside. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<typeof Input>, "type">) {
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
