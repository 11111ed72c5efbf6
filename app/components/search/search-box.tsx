import { Loader2, MapPin, Store } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { SearchResultDto } from "../../../shared/api-types";
import {
  isSearchQuery,
  SEARCH_BLUR_CLOSE_MS,
  SEARCH_DROPDOWN_MERCHANTS,
  SEARCH_DROPDOWN_PRODUCTS,
  SEARCH_LOADING_MS,
} from "../../../shared/limits";
import { formatPrice } from "../../../shared/money";
import { apiRequest } from "../../lib/api";
import { placeholderSrc } from "../catalogue/responsive-image";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";
import { plural } from "../../../shared/plural";

/** GET /api/search with a signal, so a stale request can be cancelled. */
function fetchSearch(query: string, signal: AbortSignal): Promise<SearchResultDto> {
  return apiRequest<SearchResultDto>(
    "GET",
    `/api/search?q=${encodeURIComponent(query)}`,
    undefined,
    {
      signal,
    },
  );
}

export function searchPageHref(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}

/** In the header of every page: built once (ui/static-icons.ts). */
const SEARCH_ICON = staticIcon(
  "search",
  "pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500",
);

interface Option {
  key: string;
  href: string;
  kind: "merchant" | "product" | "more";
  label: string;
  detail?: string;
  imageUrl?: string;
}

/** The dropdown's rows (spec §2): at most 3 merchants and 4 products, then '+N … más'. */
export function dropdownOptions(query: string, result: SearchResultDto) {
  const merchants = result.merchants.slice(0, SEARCH_DROPDOWN_MERCHANTS);
  const products = result.products.slice(0, SEARCH_DROPDOWN_PRODUCTS);
  const moreMerchants = Math.max(0, result.merchantTotal - merchants.length);
  const moreProducts = Math.max(0, result.productTotal - products.length);
  const all = searchPageHref(query);
  const merchantOptions: Option[] = merchants.map((m) => ({
    key: `m-${m.id}`,
    href: `/merchants/${m.slug}`,
    kind: "merchant",
    label: m.name,
    detail: m.address,
  }));
  if (moreMerchants > 0) {
    merchantOptions.push({
      key: "more-merchants",
      href: all,
      kind: "more",
      label: `+${moreMerchants} ${plural(moreMerchants, "comercio", "comercios")} más`,
    });
  }
  const productOptions: Option[] = products.map((p) => ({
    key: `p-${p.id}`,
    href: `/products/${p.slug}`,
    kind: "product",
    label: p.name,
    detail: formatPrice(p.price),
    imageUrl: p.imageUrl,
  }));
  if (moreProducts > 0) {
    productOptions.push({
      key: "more-products",
      href: all,
      kind: "more",
      label: `+${moreProducts} ${plural(moreProducts, "producto", "productos")} más`,
    });
  }
  return { merchantOptions, productOptions };
}

/**
 * The header search (spec §2 'Search dropdown', §9): opens past 2 characters, a loading
 * flag for 300 ms after each keystroke (then one request; older ones are cancelled),
 * closes 200 ms after blur, reopens on focus. A GET form to /search, so Enter works
 * without JavaScript too; arrows and Escape follow the ARIA combobox pattern.
 */
export function SearchBox({
  defaultValue = "",
  className,
  inputClassName,
}: {
  defaultValue?: string;
  className?: string;
  inputClassName?: string;
}) {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const navigate = useNavigate();

  const [query, setQuery] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<{ query: string; data: SearchResultDto } | null>(null);
  const [active, setActive] = useState(-1);

  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loadingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(blurTimer.current);
      clearTimeout(loadingTimer.current);
      request.current?.abort();
    },
    [],
  );

  function runSearch(text: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setFetching(true);
    setFailed(false);
    fetchSearch(text, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setResult({ query: text, data });
        setFetching(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setFetching(false);
      },
    );
  }

  function handleChange(value: string) {
    setQuery(value);
    setActive(-1);
    clearTimeout(loadingTimer.current);
    request.current?.abort();
    setFetching(false);
    if (isSearchQuery(value)) {
      setOpen(true);
      setLoading(true);
      const text = value.trim();
      loadingTimer.current = setTimeout(() => {
        setLoading(false);
        runSearch(text);
      }, SEARCH_LOADING_MS);
    } else {
      setOpen(false);
      setLoading(false);
    }
  }

  const trimmed = query.trim();
  const current = result && result.query === trimmed ? result.data : null;
  const busy = loading || fetching || (!current && !failed);
  const { merchantOptions, productOptions } = current
    ? dropdownOptions(trimmed, current)
    : { merchantOptions: [], productOptions: [] };
  const options = [...merchantOptions, ...productOptions];
  const showOptions = open && !busy && !failed && options.length > 0;
  const empty = open && !busy && !failed && current !== null && options.length === 0;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Reopens for the text still typed; fetches when nothing is loaded for it (e.g. prefilled). */
  function reopen() {
    if (!isSearchQuery(query)) return;
    setOpen(true);
    if (!current && !loading && !fetching) runSearch(trimmed);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          reopen();
          return;
        }
        if (!showOptions) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => {
          if (i === -1) return step === 1 ? 0 : options.length - 1;
          return (i + step + options.length) % options.length;
        });
        return;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      case "Enter":
        if (showOptions && active >= 0 && options[active]) {
          event.preventDefault();
          const href = options[active].href;
          close();
          navigate(href);
        } else if (trimmed === "") {
          event.preventDefault();
        } else {
          close();
        }
        return;
    }
  }

  let optionIndex = -1;
  const renderOption = (option: Option) => {
    optionIndex += 1;
    const index = optionIndex;
    const selected = index === active;
    return (
      <Link
        key={option.key}
        id={optionId(index)}
        role="option"
        aria-selected={selected}
        tabIndex={-1}
        to={option.href}
        onMouseMove={() => setActive(index)}
        onClick={close}
        className={cn(
          "flex items-center gap-3 px-3 py-2 text-sm",
          selected ? "bg-brand-50 text-brand-900" : "text-stone-800 hover:bg-stone-50",
          option.kind === "more" && "font-medium text-brand-700",
        )}
      >
        {option.kind === "merchant" && (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700">
            <Store aria-hidden className="size-4" />
          </span>
        )}
        {option.kind === "product" && (
          <img
            src={option.imageUrl || placeholderSrc(36, 36)}
            alt=""
            width={36}
            height={36}
            loading="lazy"
            decoding="async"
            onError={(e) => {
              e.currentTarget.src = placeholderSrc(36, 36);
            }}
            className="size-9 shrink-0 rounded-md bg-stone-100 object-cover"
          />
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate">{option.label}</span>
          {option.detail && (
            <span className="flex items-center gap-1 text-xs text-stone-600">
              {option.kind === "merchant" && <MapPin aria-hidden className="size-3 shrink-0" />}
              <span className="truncate">{option.detail}</span>
            </span>
          )}
        </span>
      </Link>
    );
  };

  return (
    <div className={cn("relative w-full", className)}>
      <Form method="get" action="/search" role="search" aria-label="Buscar en Tiangue">
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Buscar comercios y productos
        </label>
        {SEARCH_ICON}
        <input
          id={`${baseId}-input`}
          type="search"
          name="q"
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Buscar comercios y productos…"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={showOptions && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            reopen();
          }}
          onBlur={() => {
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(close, SEARCH_BLUR_CLOSE_MS);
          }}
          className={cn(
            "h-10 w-full rounded-full border border-stone-300 bg-white pr-4 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 sm:text-sm [&::-webkit-search-cancel-button]:hidden",
            inputClassName,
          )}
        />
      </Form>

      <div
        id={listboxId}
        role="listbox"
        aria-label="Resultados de búsqueda"
        aria-busy={open && loading}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {open && busy && (
          <div className="flex items-center gap-2 px-3 py-3 text-sm text-stone-600">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            Buscando…
          </div>
        )}
        {open && failed && !loading && (
          <p className="px-3 py-3 text-sm text-red-700">
            No se pudo completar la búsqueda. Intenta de nuevo.
          </p>
        )}
        {empty && (
          <div className="px-3 py-4 text-center">
            <p className="font-semibold text-stone-900">Sin resultados</p>
            <p className="mt-1 text-sm text-stone-600">
              No encontramos resultados para &quot;{trimmed}&quot;
            </p>
          </div>
        )}
        {showOptions && merchantOptions.length > 0 && (
          <div role="group" aria-labelledby={`${baseId}-merchants`}>
            <div
              id={`${baseId}-merchants`}
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              Comercios
            </div>
            {merchantOptions.map(renderOption)}
          </div>
        )}
        {showOptions && productOptions.length > 0 && (
          <div role="group" aria-labelledby={`${baseId}-products`}>
            <div
              id={`${baseId}-products`}
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              Productos
            </div>
            {productOptions.map(renderOption)}
          </div>
        )}
      </div>
      {/* What a screen reader hears once results are in. */}
      <p role="status" aria-live="polite" className="sr-only">
        {open && current && !busy
          ? options.length === 0
            ? "No se encontraron resultados"
            : `${current.merchantTotal} comercios y ${current.productTotal} productos encontrados`
          : ""}
      </p>
    </div>
  );
}
