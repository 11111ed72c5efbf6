import { useId } from "react";
import type { DeliveryArea, Fulfillment } from "../../../shared/delivery";
import {
  DELIVERY_AREA_LABELS,
  DELIVERY_NOTE_MAX,
  FULFILLMENT_LABELS,
} from "../../../shared/delivery";
import { ApiError } from "../../lib/api";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { Button } from "../ui/button";
import { PlaceOptions } from "./place-options";
import { PlaceSuggestions } from "./place-suggestions";

/**
 * What the delivery fields edit: the optional fields of issue 12, and issue 36's fees by
 * place and minimum order, as the API takes them (amounts as typed).
 */
export interface DeliveryValue {
  fulfillment: Fulfillment | null;
  deliveryArea: DeliveryArea | null;
  deliveryMunicipalities: string[];
  deliveryNote: string;
  deliveryFees: { place: string; fee: string }[];
  minimumOrder: string;
}

export const EMPTY_DELIVERY: DeliveryValue = {
  fulfillment: null,
  deliveryArea: null,
  deliveryMunicipalities: [],
  deliveryNote: "",
  deliveryFees: [],
  minimumOrder: "",
};

export type DeliveryErrors = Partial<Record<keyof DeliveryValue, string>>;

/** A merchant's stored delivery settings for the fields; nothing chosen when new or unset. */
export function storedDelivery(merchant?: {
  fulfillment: Fulfillment | null;
  deliveryArea: DeliveryArea | null;
  deliveryMunicipalities: string[];
  deliveryNote: string | null;
  deliveryFees?: { place: string; fee: string }[];
  minimumOrder?: string | null;
}): DeliveryValue {
  const minimumOrder = merchant?.minimumOrder ?? "";
  if (!merchant?.fulfillment) return { ...EMPTY_DELIVERY, minimumOrder };
  return {
    fulfillment: merchant.fulfillment,
    deliveryArea: merchant.deliveryArea,
    deliveryMunicipalities: merchant.deliveryMunicipalities,
    deliveryNote: merchant.deliveryNote ?? "",
    deliveryFees: merchant.deliveryFees ?? [],
    minimumOrder,
  };
}

/**
 * A rejected request's field messages, by the first part of their path ('specialDates.0.date'
 * is 'specialDates'): the delivery fields' own, and the others for the form to place.
 */
export function splitServerErrors(error: unknown): {
  delivery: DeliveryErrors;
  others: { field: string; message: string }[];
} {
  const delivery: DeliveryErrors = {};
  const others: { field: string; message: string }[] = [];
  if (!(error instanceof ApiError)) return { delivery, others };
  for (const issue of error.body?.errors ?? []) {
    const field = issue.path.split(".")[0]!;
    if (field in EMPTY_DELIVERY) delivery[field as keyof DeliveryValue] = issue.message;
    else others.push({ field, message: issue.message });
  }
  return { delivery, others };
}

/** The body fields to send: nothing chosen sends nothing (the API keeps what it has). */
export function deliveryPayload(value: DeliveryValue) {
  const minimumOrder = { minimumOrder: value.minimumOrder.trim() || null };
  if (!value.fulfillment) return minimumOrder;
  const delivers = value.fulfillment !== "pickup";
  return {
    ...minimumOrder,
    fulfillment: value.fulfillment,
    deliveryArea: delivers ? value.deliveryArea : null,
    deliveryMunicipalities:
      delivers && value.deliveryArea === "municipalities" ? value.deliveryMunicipalities : [],
    deliveryNote: value.deliveryNote.trim() || null,
    // A row left blank is no fee; a half-filled one goes, for the server to name.
    deliveryFees: delivers
      ? value.deliveryFees
          .map((f) => ({ place: f.place.trim(), fee: f.fee.trim() }))
          .filter((f) => f.place || f.fee)
      : [],
  };
}

/**
 * 'Entrega a domicilio', 'Recoger en tienda' or both, where it delivers (its department, a
 * list of municipalities and districts, or all of El Salvador), an optional note (issue 12),
 * fees by place and a minimum order (issue 36). Controlled, like the hours editor; errors
 * come from the server by field name.
 */
export function DeliveryFields({
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  value: DeliveryValue;
  onChange: (next: DeliveryValue) => void;
  errors?: DeliveryErrors;
  disabled?: boolean;
}) {
  const id = useId();
  const set = (patch: Partial<DeliveryValue>) => onChange({ ...value, ...patch });
  const delivers = value.fulfillment === "delivery" || value.fulfillment === "both";
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-semibold text-stone-900">
        Entrega y retiro (opcional)
      </legend>
      <div
        className="flex flex-col gap-2 sm:col-span-2"
        role="radiogroup"
        aria-label="Cómo entregas"
      >
        {(Object.keys(FULFILLMENT_LABELS) as Fulfillment[]).map((option) => (
          <label key={option} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-fulfillment`}
              value={option}
              checked={value.fulfillment === option}
              onChange={() =>
                set({
                  fulfillment: option,
                  deliveryArea: option === "pickup" ? null : (value.deliveryArea ?? "department"),
                })
              }
              className="size-5 accent-brand-700"
            />
            {FULFILLMENT_LABELS[option]}
          </label>
        ))}
        {errors.fulfillment && (
          <p className="text-sm text-red-700" role="alert">
            {errors.fulfillment}
          </p>
        )}
      </div>
      {delivers && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-area`}>¿A dónde entregas?</Label>
          <NativeSelect
            id={`${id}-area`}
            value={value.deliveryArea ?? "department"}
            aria-invalid={Boolean(errors.deliveryArea)}
            aria-describedby={errors.deliveryArea ? `${id}-area-error` : undefined}
            onChange={(event) => set({ deliveryArea: event.currentTarget.value as DeliveryArea })}
          >
            {(Object.keys(DELIVERY_AREA_LABELS) as DeliveryArea[]).map((area) => (
              <option key={area} value={area}>
                {DELIVERY_AREA_LABELS[area]}
              </option>
            ))}
          </NativeSelect>
          {errors.deliveryArea && (
            <p id={`${id}-area-error`} className="text-sm text-red-700">
              {errors.deliveryArea}
            </p>
          )}
        </div>
      )}
      {delivers && value.deliveryArea === "municipalities" && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-municipalities`}>
            Municipios o distritos donde entregas (mantén presionado Ctrl o ⌘ para elegir varios)
          </Label>
          <select
            id={`${id}-municipalities`}
            multiple
            size={8}
            value={value.deliveryMunicipalities}
            aria-invalid={Boolean(errors.deliveryMunicipalities)}
            aria-describedby={errors.deliveryMunicipalities ? `${id}-mun-error` : undefined}
            onChange={(event) =>
              set({
                deliveryMunicipalities: Array.from(
                  event.currentTarget.selectedOptions,
                  (o) => o.value,
                ),
              })
            }
            className="rounded-md border border-stone-300 bg-white p-2 text-base"
          >
            <PlaceOptions />
          </select>
          {errors.deliveryMunicipalities && (
            <p id={`${id}-mun-error`} className="text-sm text-red-700">
              {errors.deliveryMunicipalities}
            </p>
          )}
        </div>
      )}
      {delivers && (
        <PlaceFeesField
          fees={value.deliveryFees}
          onChange={(deliveryFees) => set({ deliveryFees })}
          error={errors.deliveryFees}
        />
      )}
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-minimum`}>Pedido mínimo (opcional)</Label>
        <Input
          id={`${id}-minimum`}
          inputMode="decimal"
          placeholder="10.00"
          value={value.minimumOrder}
          aria-invalid={Boolean(errors.minimumOrder)}
          aria-describedby={`${id}-minimum-hint${errors.minimumOrder ? ` ${id}-minimum-error` : ""}`}
          onChange={(event) => set({ minimumOrder: event.currentTarget.value })}
        />
        <p id={`${id}-minimum-hint`} className="text-sm text-stone-600">
          El subtotal de un pedido, sin el envío. Vacío: cualquier monto.
        </p>
        {errors.minimumOrder && (
          <p id={`${id}-minimum-error`} className="text-sm text-red-700">
            {errors.minimumOrder}
          </p>
        )}
      </div>
      {value.fulfillment && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-note`}>Nota de entrega (opcional)</Label>
          <Input
            id={`${id}-note`}
            maxLength={DELIVERY_NOTE_MAX}
            placeholder="Envío $2.50 en San Salvador Centro"
            value={value.deliveryNote}
            onChange={(event) => set({ deliveryNote: event.currentTarget.value })}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * Issue 36: fees that override the general one for a municipality or a district ('$2.00 en
 * Soyapango'), a row each; the place field suggests places as the merchant types.
 */
function PlaceFeesField({
  fees,
  onChange,
  error,
}: {
  fees: { place: string; fee: string }[];
  onChange: (fees: { place: string; fee: string }[]) => void;
  error?: string;
}) {
  const id = useId();
  const setRow = (index: number, patch: Partial<{ place: string; fee: string }>) =>
    onChange(fees.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-medium text-stone-900">
        Costo de envío por lugar (opcional)
      </p>
      <p className="text-sm text-stone-600">
        Reemplaza tu costo de envío general en ese municipio o distrito.
      </p>
      <PlaceSuggestions id={`${id}-places`} />
      {fees.map((row, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <Label htmlFor={`${id}-place-${index}`}>Lugar</Label>
            <Input
              id={`${id}-place-${index}`}
              list={`${id}-places`}
              autoComplete="off"
              placeholder="Soyapango"
              value={row.place}
              onChange={(event) => setRow(index, { place: event.currentTarget.value })}
            />
          </div>
          <div className="flex w-28 flex-col gap-1">
            <Label htmlFor={`${id}-fee-${index}`}>Costo ($)</Label>
            <Input
              id={`${id}-fee-${index}`}
              inputMode="decimal"
              placeholder="2.00"
              value={row.fee}
              onChange={(event) => setRow(index, { fee: event.currentTarget.value })}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            onClick={() => onChange(fees.filter((_, i) => i !== index))}
          >
            Quitar
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => onChange([...fees, { place: "", fee: "" }])}
        >
          Agregar costo por lugar
        </Button>
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
