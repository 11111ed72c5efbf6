import { Badge } from "../ui/badge";

/** A product page's price and 'Disponible' / 'Agotado' (issue 36). */
export function PriceAndAvailability({ price, available }: { price: string; available: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-3xl font-bold text-brand-800">{price}</p>
      {available ? (
        <Badge variant="success">Disponible</Badge>
      ) : (
        <Badge variant="secondary">Agotado</Badge>
      )}
    </div>
  );
}
