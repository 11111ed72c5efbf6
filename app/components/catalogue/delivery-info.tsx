import { CalendarX, Truck } from "lucide-react";
import type { MerchantDto } from "../../../shared/api-types";
import {
  describeDeliveryArea,
  describePlaceFees,
  FULFILLMENT_LABELS,
  offersDelivery,
} from "../../../shared/delivery";
import { formatPrice } from "../../../shared/money";
import { formatCalendarDay, formatSpanishTime } from "../../../shared/open-now";

/**
 * How the merchant serves and where it delivers (issue 12), its fees by place and minimum
 * order (issue 36), and its coming special dates, said plainly on its page. Nothing when the
 * merchant has not said.
 */
export function DeliveryInfo({
  merchant,
  today,
}: {
  merchant: Pick<
    MerchantDto,
    | "department"
    | "municipality"
    | "fulfillment"
    | "deliveryArea"
    | "deliveryMunicipalities"
    | "deliveryNote"
    | "specialDates"
    | "temporarilyClosed"
    | "deliveryFees"
    | "minimumOrder"
  >;
  /** Today in El Salvador ('YYYY-MM-DD'): earlier special dates are not shown. */
  today: string;
}) {
  const area = describeDeliveryArea(merchant);
  const fees = offersDelivery(merchant.fulfillment)
    ? describePlaceFees(merchant.deliveryFees)
    : null;
  const coming = merchant.specialDates.filter((d) => d.date >= today).slice(0, 5);
  const minimum = merchant.minimumOrder;
  if (!merchant.fulfillment && !minimum && coming.length === 0 && !merchant.temporarilyClosed) {
    return null;
  }
  return (
    <section
      aria-labelledby="delivery-title"
      className="flex flex-col gap-2 text-sm text-stone-800"
    >
      <h2 id="delivery-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <Truck aria-hidden className="size-4 text-brand-700" />
        Cómo recibir tu pedido
      </h2>
      {merchant.temporarilyClosed && (
        <p className="font-medium text-red-800">Cerrado temporalmente.</p>
      )}
      {(merchant.fulfillment || minimum) && (
        <ul className="flex flex-col gap-1" data-testid="delivery-info">
          {merchant.fulfillment && <li>{FULFILLMENT_LABELS[merchant.fulfillment]}</li>}
          {area && <li>{area}</li>}
          {fees && <li data-testid="place-fees">Envío: {fees}</li>}
          {minimum && <li>Pedido mínimo: {formatPrice(minimum)}</li>}
          {merchant.deliveryNote && <li className="text-stone-700">{merchant.deliveryNote}</li>}
        </ul>
      )}
      {coming.length > 0 && (
        <div>
          <h3 className="mt-2 flex items-center gap-2 font-semibold text-stone-900">
            <CalendarX aria-hidden className="size-4 text-brand-700" />
            Fechas especiales
          </h3>
          <ul className="mt-1 flex flex-col gap-1">
            {coming.map((d) => (
              <li key={d.date}>
                <span className="capitalize">{formatCalendarDay(d.date)}</span>:{" "}
                {d.closed || !d.open || !d.close
                  ? "Cerrado"
                  : `${formatSpanishTime(d.open)} - ${formatSpanishTime(d.close)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
