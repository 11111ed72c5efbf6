import { Download } from "lucide-react";
import { useId, useState } from "react";
import { formatPrice, parsePrice, priceToCents } from "../../../shared/money";
import { svMoment } from "../../../shared/open-now";
import { PAYOUT_OVER_BALANCE_MESSAGE } from "../../../shared/order-life";
import type { MerchantBalanceDto } from "../../../shared/api-types";
import { payoutSchema } from "../../../shared/schemas/order-life";
import {
  ADMIN_PAYOUTS_CSV_URL,
  useAdminPayouts,
  useRecordPayout,
} from "../../lib/admin-payouts-api";
import { ApiError } from "../../lib/api";
import { FormField } from "../forms/form-field";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog";
import { Input } from "../ui/input";
import { EmptyList, ListError, ListLoading } from "./list-states";

/**
 * 'Liquidaciones' (issue 25): what Tiangue owes each merchant for its delivered card
 * orders, what it paid and the balance; 'Registrar pago' records a payout.
 */
export function PayoutsTab() {
  const id = useId();
  const balances = useAdminPayouts();
  const [paying, setPaying] = useState<MerchantBalanceDto | null>(null);

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Liquidaciones
        </h2>
        <a
          href={ADMIN_PAYOUTS_CSV_URL}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden />
          Descargar CSV
        </a>
      </div>
      <p className="text-sm text-stone-700">
        Lo cobrado con tarjeta en pedidos entregados, menos la comisión, se transfiere a cada
        comercio. Registra aquí cada pago que hagas.
      </p>
      {balances.isPending ? (
        <ListLoading />
      ) : balances.isError ? (
        <ListError />
      ) : balances.data.length === 0 ? (
        <EmptyList text="Aún no hay pedidos con tarjeta entregados" />
      ) : (
        <ul className="grid gap-3">
          {balances.data.map((balance) => (
            <li key={balance.merchantId}>
              <BalanceCard balance={balance} onPay={() => setPaying(balance)} />
            </li>
          ))}
        </ul>
      )}
      <PayoutDialog balance={paying} onClose={() => setPaying(null)} />
    </section>
  );
}

function BalanceCard({ balance, onPay }: { balance: MerchantBalanceDto; onPay: () => void }) {
  const id = useId();
  const due = (priceToCents(balance.balance) ?? 0) > 0;
  return (
    <Card
      role="article"
      aria-labelledby={`${id}-name`}
      className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-2">
        <h3 id={`${id}-name`} className="font-semibold break-words text-stone-900">
          {balance.merchantName}
        </h3>
        <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums">
          <div>
            <dt className="text-stone-600">Adeudado</dt>
            <dd className="text-stone-900">{formatPrice(balance.owed)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Pagado</dt>
            <dd className="text-stone-900">{formatPrice(balance.paid)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Saldo</dt>
            <dd className="font-semibold text-stone-900">{formatPrice(balance.balance)}</dd>
          </div>
        </dl>
      </div>
      <Button
        size="sm"
        onClick={onPay}
        disabled={!due}
        aria-label={`Registrar pago a ${balance.merchantName}`}
        className="sm:self-center"
      >
        Registrar pago
      </Button>
    </Card>
  );
}

type PayoutField = "amount" | "reference" | "paidAt";

/** El Salvador's noon of a calendar day: the same day in every time zone the panel shows. */
const noonInSalvador = (date: string) => `${date}T12:00:00-06:00`;

/** 'Registrar pago': amount (the balance by default), reference and date of a payout. */
function PayoutDialog({
  balance,
  onClose,
}: {
  balance: MerchantBalanceDto | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={balance !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {balance && <PayoutForm key={balance.merchantId} balance={balance} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PayoutForm({ balance, onClose }: { balance: MerchantBalanceDto; onClose: () => void }) {
  const id = useId();
  const record = useRecordPayout();
  const [amount, setAmount] = useState(balance.balance);
  const [reference, setReference] = useState("");
  const [paidAt, setPaidAt] = useState(() => svMoment(new Date()).date);
  const [errors, setErrors] = useState<Partial<Record<PayoutField, string>>>({});

  const submit = () => {
    const input = {
      amount: parsePrice(amount) ?? amount,
      reference,
      paidAt: paidAt ? noonInSalvador(paidAt) : "",
    };
    const parsed = payoutSchema.safeParse(input);
    const found: Partial<Record<PayoutField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        found[issue.path[0] as PayoutField] ??= issue.message;
    } else if ((priceToCents(parsed.data.amount) ?? 0) > (priceToCents(balance.balance) ?? 0)) {
      found.amount = PAYOUT_OVER_BALANCE_MESSAGE;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    record.mutate(
      {
        merchantId: balance.merchantId,
        amount: parsed.data.amount,
        reference: parsed.data.reference,
        ...(paidAt ? { paidAt: input.paidAt } : {}),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          // The server's field messages by their fields; the toast says the rest (409).
          if (!(error instanceof ApiError)) return;
          const server: Partial<Record<PayoutField, string>> = {};
          for (const issue of error.body?.errors ?? []) {
            server[issue.path.split(".")[0] as PayoutField] ??= issue.message;
          }
          setErrors(server);
        },
      },
    );
  };

  const a11y = (field: PayoutField) => ({
    id: `${id}-${field}`,
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!record.isPending) submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Registrar pago</DialogTitle>
        <DialogDescription>
          {balance.merchantName}: saldo pendiente {formatPrice(balance.balance)}.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-amount`} label="Monto (USD)" required error={errors.amount}>
        <Input
          {...a11y("amount")}
          aria-required
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-reference`} label="Referencia" required error={errors.reference}>
        <Input
          {...a11y("reference")}
          aria-required
          autoComplete="off"
          maxLength={200}
          placeholder="Transferencia 004512"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-paidAt`} label="Fecha del pago" error={errors.paidAt}>
        <Input
          {...a11y("paidAt")}
          type="date"
          value={paidAt}
          onChange={(event) => setPaidAt(event.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={record.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Registrando..." : "Registrar pago"}
        </Button>
      </DialogFooter>
    </form>
  );
}
