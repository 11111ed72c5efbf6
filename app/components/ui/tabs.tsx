import {
  cloneElement,
  createContext,
  isValidElement,
  use,
  useId,
  useState,
  type ComponentProps,
  type DOMAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
} from "react";
import { cn } from "./cn";

/**
 * Accessible tabs in Tiangue's look, following the WAI-ARIA tabs pattern as Radix Tabs does.
 * Written here rather than taken from Radix: Radix Tabs and the Radix internals it needs cost
 * the product, merchant and category pages ~8 KB brotli of first-load JavaScript (issue 27).
 *
 * - Roles tablist, tab and tabpanel; each tab names its panel (aria-controls) and each panel
 *   its tab (aria-labelledby), with ids from useId: the same on the server and in the browser.
 * - Only the selected tab is in the Tab order. Left/Right (wrapping at the ends), Home and End
 *   move the focus to another tab, and a focused tab is selected (automatic activation).
 * - A panel can be focused. A panel not selected stays in the page, hidden and empty (so the
 *   tab's aria-controls points somewhere), unless `forceMount` keeps its content rendered.
 * - Tabs and panels carry data-state="active" | "inactive" for styling.
 */

interface TabsState {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs() {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error("TabsTrigger and TabsContent go inside Tabs");
  return tabs;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  /** The selected tab, when the caller keeps it (with onValueChange). */
  value?: string;
  /** The tab selected at first, when the tabs keep their own state. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(defaultValue);
  const selected = value ?? ownValue;
  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwnValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value: selected, select }}>
      <div className={cn("flex flex-col gap-4", className)} {...props} />
    </TabsContext>
  );
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
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

type Handlers = Pick<DOMAttributes<HTMLElement>, "onMouseDown" | "onKeyDown" | "onFocus">;

type TabsTriggerProps = Omit<ComponentProps<"button">, "value"> & {
  value: string;
  /** The tab is the only child element (e.g. a link), given the tab's attributes and handlers. */
  asChild?: boolean;
};

export function TabsTrigger({
  value,
  asChild = false,
  disabled,
  className,
  onMouseDown,
  onKeyDown,
  onFocus,
  children,
  ...props
}: TabsTriggerProps) {
  const { baseId, value: selected, select } = useTabs();
  const isSelected = value === selected;
  // With asChild the child's own class names and handlers are kept; its handlers run first.
  const child =
    asChild && isValidElement<Handlers & { className?: string }>(children) ? children : null;
  const own = child?.props ?? {};

  const tab = {
    ...props,
    role: "tab",
    id: triggerId(baseId, value),
    "aria-selected": isSelected,
    "aria-controls": contentId(baseId, value),
    "data-state": isSelected ? "active" : "inactive",
    // Roving tabindex: Tab enters the list on the selected tab, the arrows move within it.
    tabIndex: isSelected ? 0 : -1,
    className: cn(tabsTriggerClasses, className, own.className),
    onMouseDown: handle([own.onMouseDown, onMouseDown], (event: MouseEvent<HTMLElement>) => {
      // Selected on press, as Radix does. Another button or a modified click (a link tab opened
      // in a new browser tab) neither selects nor focuses the tab.
      const plain =
        event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
      if (plain && !disabled) select(value);
      else event.preventDefault();
    }),
    onKeyDown: handle([own.onKeyDown, onKeyDown], (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === "Enter" || event.key === " ") select(value);
      else moveFocus(event);
    }),
    onFocus: handle([own.onFocus, onFocus], () => {
      if (!disabled) select(value);
    }),
  };

  if (child) return cloneElement(child, tab);
  return (
    <button type="button" disabled={disabled} {...tab}>
      {children}
    </button>
  );
}

/** Left/Right (wrapping), Home and End focus another tab of the list; focusing selects it. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = Array.from(
    list?.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])') ?? [],
  );
  const at = tabs.indexOf(event.currentTarget);
  const targets: Record<string, HTMLElement | undefined> = {
    ArrowLeft: tabs.at(at - 1), // from the first tab, at(-1): the last
    ArrowRight: tabs[(at + 1) % tabs.length],
    Home: tabs[0],
    End: tabs.at(-1),
  };
  const next = targets[event.key];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** The caller's handlers, then the tab's own unless one of them called preventDefault. */
function handle<E extends SyntheticEvent>(
  theirs: (((event: E) => void) | undefined)[],
  ours: (event: E) => void,
) {
  return (event: E) => {
    for (const handler of theirs) handler?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

type TabsContentProps = ComponentProps<"div"> & {
  value: string;
  /** Keeps the content rendered while another tab is selected (style it with data-state). */
  forceMount?: boolean;
};

export function TabsContent({
  value,
  forceMount = false,
  className,
  children,
  ...props
}: TabsContentProps) {
  const { baseId, value: selected } = useTabs();
  const isSelected = value === selected;
  const shown = forceMount || isSelected;
  return (
    <div
      {...props}
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={isSelected ? "active" : "inactive"}
      hidden={!shown}
      tabIndex={0}
      className={cn("outline-none", className)}
    >
      {shown && children}
    </div>
  );
}

// The product's and the merchant's pages use these names. They were a lighter server-side
// copy of Radix's markup (issue 13); these tabs are light enough to render as they are on both.
export {
  Tabs as PageTabs,
  TabsList as PageTabsList,
  TabsTrigger as PageTabsTrigger,
  TabsContent as PageTabsContent,
};
