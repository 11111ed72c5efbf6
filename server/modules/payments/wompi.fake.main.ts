/**
 * `npm run wompi:fake`: the fake Wompi of the tests as a local server, so an operator or a
 * browser test can walk the card flow without Wompi's sandbox. Never for production.
 *
 * WOMPI_FAKE_PORT (default 5055), WOMPI_FAKE_HOST (default 127.0.0.1), and WOMPI_APP_ID /
 * WOMPI_API_SECRET when the credentials must be given ones.
 */
import { startFakeWompi } from "./wompi.fake";

const port = Number(process.env.WOMPI_FAKE_PORT ?? 5055);
const fake = await startFakeWompi({
  port,
  host: process.env.WOMPI_FAKE_HOST || "127.0.0.1",
  appId: process.env.WOMPI_APP_ID || undefined,
  apiSecret: process.env.WOMPI_API_SECRET || undefined,
});

console.log(`Wompi de prueba escuchando en ${fake.url} (ningún cobro es real).`);
console.log("Inicia Tiangue con estas variables para pagar con tarjeta contra él:\n");
for (const [name, value] of Object.entries(fake.env)) console.log(`${name}=${value}`);
console.log("\nCtrl+C para detenerlo.");

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
