import { ChevronDown } from "lucide-react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

type AccordionProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/** A single-open accordion (one item at a time, which may be closed again). */
export function Accordion({ className, children, ...props }: AccordionProps) {
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      className={cn(
        "divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white",
        className,
      )}
      {...props}
    >
      {/* Answers are always in the HTML; without JavaScript they are all shown. */}
      <noscript>
        <style>{"[data-accordion-content][data-state=closed]{display:block!important}"}</style>
      </noscript>
      {children}
    </AccordionPrimitive.Root>
  );
}

export function AccordionItem({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn(className)} {...props} />;
}

export function AccordionTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          "flex flex-1 items-center justify-between gap-4 px-4 py-4 text-left font-medium text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 [&[data-state=open]>svg]:rotate-180",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden className="size-4 shrink-0 text-stone-600 transition-transform" />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      forceMount
      data-accordion-content=""
      // forceMount keeps the answer in the HTML; closed ones are hidden by CSS instead.
      className="text-stone-700 data-[state=closed]:hidden"
      {...props}
    >
      <div className={cn("px-4 pb-4", className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
