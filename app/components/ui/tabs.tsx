import { Tabs as TabsPrimitive } from "radix-ui";
import { createContext, use, useId, type ComponentProps, type ReactElement } from "react";
import { cn } from "./cn";

/** Radix Tabs (arrow keys, roles and aria come with it), in Tiangue's look. */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn("flex flex-col gap-4", className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex w-full items-center gap-1 overflow-x-auto rounded-lg bg-stone-100 p-1 sm:w-auto sm:self-start",
        className,
      )}
      {...props}
    />
  );
}

export const tabsTriggerClasses =
  "inline-flex min-h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-700 transition-colors hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:flex-none";

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(tabsTriggerClasses, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("outline-none", className)} {...props} />;
}

/**
 * Tabs of a server-rendered page (the product's and the merchant's): Radix's in the browser;
 * in the server build, the markup Radix renders before hydration (same ids, attributes and
 * order), without its providers, roving focus, collection and presence components — a
 * dozen components per tab that only matter once the page is interactive (issue 13).
 * Uncontrolled only (`defaultValue`); server-render.test.tsx compares both renders.
 */
const PageTabsContext = createContext({ baseId: "", value: "" });

function ServerTabs({
  className,
  defaultValue = "",
  children,
}: Pick<ComponentProps<typeof TabsPrimitive.Root>, "className" | "defaultValue" | "children">) {
  // Radix's Tabs calls useId once, where this component stands: the same id.
  const baseId = `radix-${useId()}`;
  return (
    <PageTabsContext value={{ baseId, value: defaultValue }}>
      <div dir="ltr" data-orientation="horizontal" className={cn("flex flex-col gap-4", className)}>
        {children}
      </div>
    </PageTabsContext>
  );
}

const LIST_CLASSES =
  "inline-flex w-full items-center gap-1 overflow-x-auto rounded-lg bg-stone-100 p-1 sm:w-auto sm:self-start";
const NO_OUTLINE = { outline: "none" };

function ServerTabsList({
  className,
  children,
  "aria-label": ariaLabel,
}: Pick<ComponentProps<typeof TabsPrimitive.List>, "className" | "children" | "aria-label">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={className ? cn(LIST_CLASSES, className) : LIST_CLASSES}
      aria-label={ariaLabel}
      tabIndex={-1}
      data-orientation="horizontal"
      style={NO_OUTLINE}
    >
      {children}
    </div>
  );
}

function ServerTabsTrigger({
  value,
  className,
  children,
}: Pick<ComponentProps<typeof TabsPrimitive.Trigger>, "value" | "className" | "children">) {
  const { baseId, value: selected } = use(PageTabsContext);
  const isSelected = value === selected;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={isSelected}
      aria-controls={`${baseId}-content-${value}`}
      data-state={isSelected ? "active" : "inactive"}
      id={`${baseId}-trigger-${value}`}
      className={className ? cn(tabsTriggerClasses, className) : tabsTriggerClasses}
      tabIndex={-1}
      data-orientation="horizontal"
      data-radix-collection-item=""
    >
      {children}
    </button>
  );
}

const NO_MOUNT_ANIMATION = { animationDuration: "0s" };

function ServerTabsContent({
  value,
  forceMount,
  className,
  children,
}: Pick<
  ComponentProps<typeof TabsPrimitive.Content>,
  "value" | "forceMount" | "className" | "children"
>) {
  const { baseId, value: selected } = use(PageTabsContext);
  const isSelected = value === selected;
  const present = forceMount === true || isSelected;
  return (
    <div
      data-state={isSelected ? "active" : "inactive"}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={`${baseId}-trigger-${value}`}
      hidden={!present}
      id={`${baseId}-content-${value}`}
      tabIndex={0}
      className={cn("outline-none", className)}
      style={isSelected ? NO_MOUNT_ANIMATION : undefined}
    >
      {present && children}
    </div>
  );
}

export const PageTabs: typeof ServerTabs = import.meta.env.SSR ? ServerTabs : Tabs;
export const PageTabsList: typeof ServerTabsList = import.meta.env.SSR ? ServerTabsList : TabsList;
export const PageTabsTrigger: (
  props: ComponentProps<typeof TabsPrimitive.Trigger>,
) => ReactElement = import.meta.env.SSR ? ServerTabsTrigger : TabsTrigger;
export const PageTabsContent: typeof ServerTabsContent = import.meta.env.SSR
  ? ServerTabsContent
  : TabsContent;
