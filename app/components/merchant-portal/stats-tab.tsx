import { useId } from "react";
import type { ContactCounts, MerchantStatsDto } from "../../../shared/merchant-portal";
import { usePortalStats } from "../../lib/merchant-api";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { Card } from "../ui/card";
import { plural } from "../../../shared/plural";

const BUTTONS: { key: keyof ContactCounts; label: string; color: string; swatch: string }[] = [
  { key: "whatsapp", label: "WhatsApp", color: "fill-[#0e7a40]", swatch: "bg-[#0e7a40]" },
  { key: "call", label: "Llamar", color: "fill-brand-700", swatch: "bg-brand-700" },
  { key: "email", label: "Email", color: "fill-maiz-600", swatch: "bg-maiz-600" },
];

const dayFormat = new Intl.DateTimeFormat("es-SV", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** '12 nov' for a calendar day 'YYYY-MM-DD' (already El Salvador's day, so read as UTC). */
export function dayLabel(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

const total = (counts: ContactCounts) => counts.whatsapp + counts.call + counts.email;

/** 'Resumen': presses of the contact buttons and the most viewed products, counted by the server. */
export function StatsTab({ merchantId }: { merchantId: number }) {
  const stats = usePortalStats(merchantId);
  if (stats.isPending) return <ListLoading rows={2} />;
  if (stats.isError) return <ListError />;
  return <StatsView stats={stats.data} />;
}

export function StatsView({ stats }: { stats: MerchantStatsDto }) {
  return (
    // min-w-0: a grid item may shrink below its content, so nothing widens a phone screen.
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <p className="text-sm text-stone-700">
        Cuántas personas presionaron WhatsApp, Llamar o Email en tu página y en tus productos. Solo
        contamos los toques: no guardamos datos de quien los hizo.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <CountsCard title="Últimos 7 días" counts={stats.last7Days} />
        <CountsCard title="Últimos 30 días" counts={stats.last30Days} />
      </div>
      <DailyChart daily={stats.daily} />
      <TopProducts products={stats.topProducts} />
    </div>
  );
}

/** One period: a row per button, its count and a bar as long as its share of the largest. */
function CountsCard({ title, counts }: { title: string; counts: ContactCounts }) {
  const id = useId();
  const max = Math.max(1, ...BUTTONS.map((b) => counts[b.key]));
  return (
    <Card className="p-4 sm:p-5">
      <h2 id={id} className="font-semibold text-stone-900">
        {title}
      </h2>
      <p className="text-sm text-stone-700">
        {total(counts)} {plural(total(counts), "contacto", "contactos")} en total
      </p>
      <table aria-labelledby={id} className="mt-3 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Botón</th>
            <th scope="col">Veces presionado</th>
          </tr>
        </thead>
        <tbody>
          {BUTTONS.map((button) => (
            <tr key={button.key}>
              <th scope="row" className="w-20 py-1 pr-2 text-left font-medium text-stone-800">
                {button.label}
              </th>
              <td className="py-1">
                <div className="flex items-center gap-2">
                  <div aria-hidden className="h-3 flex-1 rounded-full bg-stone-100">
                    <div
                      className={`h-3 rounded-full ${button.swatch}`}
                      style={{ width: `${(counts[button.key] / max) * 100}%` }}
                    />
                  </div>
                  <span className="w-10 text-right tabular-nums text-stone-900">
                    {counts[button.key]}
                  </span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const CHART_HEIGHT = 120;
const BAR_WIDTH = 10;
const BAR_GAP = 4;

/**
 * The last 30 days as stacked bars in plain SVG. The picture is hidden from screen readers;
 * the same numbers are in the table under it.
 */
function DailyChart({ daily }: { daily: MerchantStatsDto["daily"] }) {
  const id = useId();
  if (daily.length === 0) return null;
  const max = Math.max(1, ...daily.map(total));
  const width = daily.length * (BAR_WIDTH + BAR_GAP);
  const scale = (n: number) => (n / max) * CHART_HEIGHT;
  const busy = daily.filter((day) => total(day) > 0);
  return (
    <Card className="p-4 sm:p-5">
      <h2 id={id} className="font-semibold text-stone-900">
        Contactos por día (últimos 30 días)
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs text-stone-700" aria-hidden>
        {BUTTONS.map((button) => (
          <li key={button.key} className="flex items-center gap-1">
            <span className={`inline-block size-3 rounded-sm ${button.swatch}`} />
            {button.label}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <svg
          aria-hidden
          viewBox={`0 0 ${width} ${CHART_HEIGHT + 16}`}
          className="h-40 w-full"
          preserveAspectRatio="none"
        >
          <line
            x1="0"
            x2={width}
            y1={CHART_HEIGHT}
            y2={CHART_HEIGHT}
            className="stroke-stone-300"
            strokeWidth="1"
          />
          {daily.map((day, index) => {
            let y = CHART_HEIGHT;
            const x = index * (BAR_WIDTH + BAR_GAP) + BAR_GAP / 2;
            return (
              <g key={day.date}>
                {BUTTONS.map((button) => {
                  const h = scale(day[button.key]);
                  y -= h;
                  return h > 0 ? (
                    <rect
                      key={button.key}
                      x={x}
                      y={y}
                      width={BAR_WIDTH}
                      height={h}
                      className={button.color}
                    />
                  ) : null;
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">Ver los datos por día</summary>
        {busy.length === 0 ? (
          <p className="mt-2 text-stone-600">Nadie presionó los botones en estos 30 días.</p>
        ) : (
          <table aria-labelledby={id} className="mt-2 w-full text-left">
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 font-medium">
                  Día
                </th>
                {BUTTONS.map((button) => (
                  <th key={button.key} scope="col" className="py-1 text-right font-medium">
                    {button.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {busy.map((day) => (
                <tr key={day.date} className="border-t border-stone-100">
                  <th scope="row" className="py-1 font-normal">
                    {dayLabel(day.date)}
                  </th>
                  {BUTTONS.map((button) => (
                    <td key={button.key} className="py-1 text-right">
                      {day[button.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </Card>
  );
}

function TopProducts({ products }: { products: MerchantStatsDto["topProducts"] }) {
  const id = useId();
  const max = Math.max(1, ...products.map((p) => p.views));
  return (
    <Card className="p-4 sm:p-5">
      <h2 id={id} className="font-semibold text-stone-900">
        Productos más vistos (últimos 30 días)
      </h2>
      {products.length === 0 ? (
        <div className="mt-3">
          <EmptyList text="Todavía no hay visitas a tus productos." />
        </div>
      ) : (
        <ol aria-labelledby={id} className="mt-3 grid gap-2 text-sm">
          {products.map((product) => (
            <li key={product.id} className="grid gap-1">
              <div className="flex justify-between gap-2">
                <a
                  href={`/products/${product.slug}`}
                  className="min-w-0 break-words text-brand-700 underline"
                >
                  {product.name}
                </a>
                <span className="shrink-0 tabular-nums text-stone-900">
                  {product.views} {plural(product.views, "visita", "visitas")}
                </span>
              </div>
              <div aria-hidden className="h-2 rounded-full bg-stone-100">
                <div
                  className="h-2 rounded-full bg-brand-600"
                  style={{ width: `${(product.views / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
