import type { ServerResponse } from "node:http";
import { escapeHtml } from "../../../shared/escape-html";

/** What the fake's hosted page shows of a link. */
export interface FakePageLink {
  id: number;
  amount: number;
  productName: string;
  active: boolean;
}

/**
 * GET /pago/{idEnlace}: the fake's hosted payment page, with 'Pagar' and 'Rechazar'; a
 * deactivated link (issue 37 L3) says so and offers nothing to press, as Wompi's does.
 */
export function paymentPage(res: ServerResponse, link: FakePageLink) {
  res.writeHead(link.active ? 200 : 410, { "content-type": "text/html; charset=utf-8" });
  const body = link.active
    ? `<p>Monto: <strong>$${link.amount.toFixed(2)}</strong></p>
<form method="post" action="/pago/${link.id}">
<button type="submit" name="accion" value="pagar">Pagar</button>
<button type="submit" name="accion" value="rechazar">Rechazar</button>
</form>`
    : "<p>Este enlace de pago ya no está disponible.</p>";
  res.end(`<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wompi (prueba): pagar ${escapeHtml(link.productName)}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{font-size:1.1rem;padding:.75rem 1.25rem;margin:.5rem .5rem 0 0}</style></head>
<body>
<p>Wompi de prueba: ningún cobro es real.</p>
<h1>${escapeHtml(link.productName)}</h1>
${body}
</body>
</html>
`);
}
