import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { svDateOf } from "../../../shared/dates";
import { formatCalendarDay } from "../../../shared/dte";
import { invalidateLists, serverMessage } from "../../lib/back-office-api";
import { ApiError, apiRequest } from "../../lib/api";
import { portalUrl, type PortalOrder } from "../../lib/merchant-api";
import { toast } from "../../lib/toast";
import { fieldA11y, FormField } from "../forms/form-field";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

type Fields = { code?: string; issuedAt?: string };

/**
 * Issue 37, on a portal order card: the DTE (documento tributario electrónico) the merchant
 * issued for the order, its código de generación and fecha de emisión, written with
 * PUT /api/merchant/{merchantId}/orders/{orderId}/dte; the shopper's order page and receipt
 * then show it with Hacienda's lookup. A recorded one can be corrected.
 */
export function OrderDteForm({ order, merchantId }: { order: PortalOrder; merchantId: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(order.dte?.code ?? "");
  const [issuedAt, setIssuedAt] = useState(order.dte?.issuedAt ?? svDateOf(new Date()));
  const [errors, setErrors] = useState<Fields>({});
  const save = useMutation({
    mutationFn: () =>
      apiRequest("PUT", portalUrl(merchantId, `/orders/${order.id}/dte`), { code, issuedAt }),
    onSuccess: () => {
      setEditing(false);
      setErrors({});
      toast({ title: "DTE registrado", description: `Pedido ${order.orderNumber}` });
      return invalidateLists(queryClient, [portalUrl(merchantId, "/orders")]);
    },
    onError: (error) => {
      const fields: Fields = {};
      if (error instanceof ApiError) {
        for (const e of error.body?.errors ?? []) {
          if (e.path === "code" || e.path === "issuedAt") fields[e.path] = e.message;
        }
      }
      setErrors(fields);
      if (!fields.code && !fields.issuedAt) {
        toast({
          title: "No se pudo registrar el DTE",
          description: serverMessage(error, "Intenta de nuevo en un momento."),
          variant: "destructive",
        });
      }
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  if (order.dte && !editing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-stone-50 p-3 text-sm">
        <p className="text-stone-700">
          DTE {order.dte.code} del {formatCalendarDay(order.dte.issuedAt)} ·{" "}
          <a
            href={order.dte.lookupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline"
          >
            Ver en Hacienda
          </a>
        </p>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Corregir DTE
        </Button>
      </div>
    );
  }
  return (
    <details className="text-sm" open={editing || undefined}>
      <summary className="min-h-10 cursor-pointer py-2 font-medium text-stone-800">
        Registrar DTE (factura electrónica)
      </summary>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={`DTE del pedido ${order.orderNumber}`}
        className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
      >
        <FormField
          id={`${id}-code`}
          label="Código de generación"
          error={errors.code}
          hint="El UUID de 36 caracteres de tu DTE"
        >
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            {...fieldA11y(`${id}-code`, errors.code, true, true)}
          />
        </FormField>
        <FormField id={`${id}-issuedAt`} label="Fecha de emisión" error={errors.issuedAt}>
          <Input
            type="date"
            value={issuedAt}
            onChange={(event) => setIssuedAt(event.target.value)}
            {...fieldA11y(`${id}-issuedAt`, errors.issuedAt, true)}
          />
        </FormField>
        <Button type="submit" disabled={save.isPending} className="sm:mt-6">
          {save.isPending ? "Guardando..." : "Guardar DTE"}
        </Button>
      </form>
    </details>
  );
}
