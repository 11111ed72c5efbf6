import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto, CheckoutMerchantOptionDto } from "../../../shared/checkout";
import { MUNICIPALITY_COOKIE } from "../../../shared/delivery";
import {
  chooseFulfillmentMessage,
  CUSTOMER_PHONE_REQUIRED_MESSAGE,
} from "../../../shared/order-life";
import { PHONE_MESSAGE } from "../../../shared/phone";
import { CUSTOMER_EMAIL_MESSAGE, CUSTOMER_NAME_MESSAGE } from "../../../shared/schemas/checkout";
import { ADDRESS_MESSAGE } from "../../../shared/schemas/order-life";
import { dismissToast } from "../../lib/toast";
import { CheckoutForm } from "./checkout-form";
import { Toaster } from "../ui/toaster";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  document.cookie = `${MUNICIPALITY_COOKIE}=; Max-Age=0; Path=/`;
});

/** A merchant of the cart as GET /api/checkout/options?sessionId= describes it. */
function aMerchant(overrides: Partial<CheckoutMerchantOptionDto> = {}): CheckoutMerchantOptionDto {
  return {
    id: 7,
    name: "Pupusería La Ceiba",
    fulfillment: null,
    deliveryArea: null,
    department: "San Salvador",
    municipality: "San Salvador Centro",
    deliveryMunicipalities: [],
    deliveryFee: null,
    freeDeliveryFrom: null,
    deliveryFees: [],
    minimumOrder: null,
    paymentMethods: ["whatsapp", "card"],
    temporarilyClosed: false,
    subtotal: "3.00",
    ...overrides,
  };
}

/** Delivers in its department (San Salvador) for $1.15, free from $20; or pick it up. */
const ceiba = aMerchant({
  fulfillment: "both",
  deliveryArea: "department",
  deliveryFee: "1.15",
  freeDeliveryFrom: "20.00",
  paymentMethods: ["cash", "transfer", "card", "whatsapp"],
  subtotal: "10.10",
});
/** Delivers only to Santa Tecla's municipality (La Libertad Sur), $2.05; cash or WhatsApp. */
const volcan = aMerchant({
  id: 8,
  name: "Café El Volcán",
  fulfillment: "delivery",
  deliveryArea: "municipalities",
  department: "La Libertad",
  municipality: "La Libertad Sur",
  deliveryMunicipalities: ["La Libertad Sur"],
  deliveryFee: "2.05",
  paymentMethods: ["cash", "whatsapp"],
  subtotal: "5.35",
});
/** Pickup only; takes transfers too. */
const panaderia = aMerchant({
  id: 9,
  name: "Panadería San José",
  fulfillment: "pickup",
  paymentMethods: ["cash", "transfer", "whatsapp"],
  subtotal: "0.35",
});

const PLACED: CheckoutDto = {
  orders: [],
  totalAmount: "3.00",
  paymentMethod: "whatsapp",
  paymentStatus: "offline",
  orderUrl: "https://tiangue.test/orders/ES-2026-000001?token=abc",
  paymentUrl: null,
  paidAt: null,
  createdAt: "2026-01-10T15:00:00.000Z",
};

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** POST /api/checkout answers these in turn; records each request's body and key. */
function stubCheckout(...answers: (() => Response)[]) {
  const sent: { body: Record<string, unknown>; key: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(`${init?.method} ${url}`).toBe("POST /api/checkout");
      sent.push({
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        key: new Headers(init?.headers).get("Idempotency-Key"),
      });
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      return answer();
    }),
  );
  return sent;
}

function setup({
  cardAvailable = true,
  merchants = [aMerchant()],
}: { cardAvailable?: boolean; merchants?: CheckoutMerchantOptionDto[] } = {}) {
  const onPlaced = vi.fn();
  render(
    <>
      <CheckoutForm
        sessionId="session_1700000000000_abc123"
        cardAvailable={cardAvailable}
        merchants={merchants}
        onPlaced={onPlaced}
      />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup({ delay: null }), onPlaced };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: /Realizar pedido/ });

/** The message shown next to a field: what its aria-describedby points at. */
function errorOf(label: string | RegExp) {
  const id = field(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Nombre/), "Ana Martínez");
  await user.type(field(/^Correo electrónico/), "ana@correo.sv");
}

describe("the checkout form", () => {
  it("shows the shared schema's messages next to their fields and sends nothing", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user } = setup();
    await user.type(field(/^Teléfono/), "123");
    await user.click(submit());

    await waitFor(() => expect(errorOf(/^Nombre/)).toBe(CUSTOMER_NAME_MESSAGE));
    expect(errorOf(/^Correo electrónico/)).toBe(CUSTOMER_EMAIL_MESSAGE);
    expect(errorOf(/^Teléfono/)).toBe(PHONE_MESSAGE);
    expect(field(/^Nombre/).getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
  });

  it("limits the note to 500 characters and counts them", async () => {
    const { user } = setup();
    const note = field(/^Nota para el comercio/);
    expect(note.maxLength).toBe(500);
    await user.type(note, "Sin cebolla");
    expect(screen.getByText("11/500 caracteres")).toBeTruthy();
  });

  it("offers 'Tarjeta (Wompi)' only when card payment is configured", () => {
    setup({ cardAvailable: false });
    expect(screen.queryByLabelText(/Tarjeta \(Wompi\)/)).toBeNull();
    const whatsapp = field(/Coordinar el pago con el comercio/);
    expect(whatsapp.checked).toBe(true);
  });

  it("sends the cart id, the data and one Idempotency-Key, then hands over the 201", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.type(field(/^Teléfono/), "70001234");
    await user.type(field(/^Nota para el comercio/), "Sin cebolla");
    await user.click(field(/Coordinar el pago con el comercio/));
    await user.click(submit());

    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(PLACED, "whatsapp"));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      sessionId: "session_1700000000000_abc123",
      customerName: "Ana Martínez",
      customerEmail: "ana@correo.sv",
      customerPhone: "+503 7000-1234",
      note: "Sin cebolla",
      paymentMethod: "whatsapp",
    });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a 409's Spanish message by the form and in a toast; the next try is a new attempt", async () => {
    const message = "Ya no están disponibles: Pupusa revuelta";
    const sent = stubCheckout(
      () => json({ message }, 409),
      () => json(PLACED, 201),
    );
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.click(submit());

    await waitFor(() => expect(screen.getByTestId("checkout-error").textContent).toBe(message));
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2); // form and toast
    expect(onPlaced).not.toHaveBeenCalled();

    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1].key).not.toBe(sent[0].key);
  });

  it("keeps the same Idempotency-Key when retrying after a 502 or a lost answer", async () => {
    const wompiDown = "No pudimos conectar con el procesador de pagos. Intenta de nuevo.";
    const sent = stubCheckout(
      () => json({ message: wompiDown }, 502),
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => json(PLACED, 201),
    );
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(screen.getByTestId("checkout-error").textContent).toBe(wompiDown));

    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId("checkout-error").textContent).toBe(
        "No pudimos enviar tu pedido. Revisa tu conexión e intenta de nuevo.",
      ),
    );

    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it("puts a 400's field messages next to their fields", async () => {
    stubCheckout(() =>
      json(
        {
          message: "Datos inválidos",
          errors: [{ path: "customerEmail", message: "Este correo no recibe mensajes" }],
        },
        400,
      ),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(errorOf(/^Correo electrónico/)).toBe("Este correo no recibe mensajes"),
    );
  });
});

/** The radio options of '¿Cómo quieres pagar?', by their label. */
function offeredMethods() {
  const group = screen.getByRole("group", { name: "¿Cómo quieres pagar?" });
  return within(group)
    .queryAllByRole("radio")
    .map((radio) => radio.closest("label")!.querySelector("span > span")!.textContent);
}

const choose = (user: ReturnType<typeof userEvent.setup>, merchant: string, how: RegExp) =>
  user.click(within(screen.getByRole("group", { name: merchant })).getByLabelText(how));

describe("the checkout form with the cart's merchants (issue 25)", () => {
  it("offers only the methods every merchant accepts, and says who lacks the others", () => {
    setup({ merchants: [ceiba, volcan, panaderia] });
    expect(offeredMethods()).toEqual(["Efectivo al recibir", "Coordinar el pago con el comercio"]);
    const notes = screen.getByTestId("missing-methods").textContent;
    expect(notes).toContain("Transferencia bancaria: Café El Volcán no la acepta");
    expect(notes).toContain("Tarjeta (Wompi): Café El Volcán y Panadería San José no la aceptan");
    // Never a card fee or a cash discount.
    expect(document.body.textContent).not.toMatch(/recargo|descuento|comisión/i);
  });

  it("never offers the card without Wompi, nor names who lacks it", () => {
    setup({
      cardAvailable: false,
      merchants: [ceiba, aMerchant({ id: 10, name: "Otro", paymentMethods: ["card", "cash"] })],
    });
    expect(offeredMethods()).toEqual(["Efectivo al recibir"]);
    expect(screen.queryByText(/Tarjeta/)).toBeNull();
  });

  it("with no method in common, says so and cannot be sent", () => {
    setup({
      merchants: [
        aMerchant({ paymentMethods: ["card"] }),
        aMerchant({ id: 8, name: "Café El Volcán", paymentMethods: ["cash"] }),
      ],
    });
    expect(offeredMethods()).toEqual([]);
    expect(screen.getByText(/no tienen un medio de pago en común/)).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the phone when paying in cash, with the server's message", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user } = setup({ merchants: [panaderia] });
    expect(field(/^Teléfono/).labels?.[0].textContent).toContain("(opcional)");
    await fillValid(user);
    await user.click(field(/Efectivo al recibir/));
    expect(field(/^Teléfono/).labels?.[0].textContent).not.toContain("(opcional)");
    await user.click(submit());
    await waitFor(() => expect(errorOf(/^Teléfono/)).toBe(CUSTOMER_PHONE_REQUIRED_MESSAGE));
    expect(sent).toHaveLength(0);

    await user.type(field(/^Teléfono/), "70001234");
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({
      paymentMethod: "cash",
      customerPhone: "+503 7000-1234",
      fulfillment: { "9": "pickup" },
    });
    expect(sent[0].body).not.toHaveProperty("deliveryAddress");
  });

  it("asks a 'both' merchant's choice, and shows the address only with a delivery", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user } = setup({ merchants: [ceiba] });
    expect(screen.queryByLabelText(/^Dirección/)).toBeNull();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByText(chooseFulfillmentMessage("Pupusería La Ceiba"))).toBeTruthy(),
    );
    expect(sent).toHaveLength(0);

    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    expect(screen.getByLabelText(/^Dirección/)).toBeTruthy();
    expect(screen.getByLabelText("Departamento")).toBeTruthy();
    expect(screen.getByLabelText(/^Punto de referencia/)).toBeTruthy();
    // A delivery needs the phone too.
    expect(field(/^Teléfono/).labels?.[0].textContent).not.toContain("(opcional)");

    await choose(user, "Pupusería La Ceiba", /Recoger en tienda/);
    expect(screen.queryByLabelText(/^Dirección/)).toBeNull();
  });

  it("sends each merchant's fulfilment and the address, checked with the shared schema", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user, onPlaced } = setup({ merchants: [ceiba, panaderia] });
    await fillValid(user);
    await user.type(field(/^Teléfono/), "70001234");
    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    await user.selectOptions(screen.getByLabelText("Departamento"), "San Salvador");
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Este");
    await user.type(screen.getByLabelText(/^Dirección/), "Col");
    await user.click(submit());
    await waitFor(() => expect(screen.getByText(ADDRESS_MESSAGE)).toBeTruthy());
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Dirección/), ". Escalón, pasaje 3 #12");
    await user.type(screen.getByLabelText(/^Punto de referencia/), "Portón negro");
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0].body).toMatchObject({
      paymentMethod: "whatsapp",
      fulfillment: { "7": "delivery", "9": "pickup" },
      deliveryAddress: {
        department: "San Salvador",
        municipality: "San Salvador Este",
        address: "Col. Escalón, pasaje 3 #12",
        reference: "Portón negro",
      },
    });
  });

  it("starts the address at the municipality chosen for 'Entrega a mi municipio'", async () => {
    document.cookie = `${MUNICIPALITY_COOKIE}=${encodeURIComponent("San Salvador Norte")}; Path=/`;
    const { user } = setup({ merchants: [ceiba] });
    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    expect((screen.getByLabelText("Departamento") as HTMLSelectElement).value).toBe("San Salvador");
    expect((screen.getByLabelText("Municipio") as HTMLSelectElement).value).toBe(
      "San Salvador Norte",
    );
  });

  it("adds each merchant's delivery fee to the grand total, in exact cents", async () => {
    const { user } = setup({ merchants: [ceiba, volcan, panaderia] });
    const total = () => screen.getByTestId("checkout-total").textContent;
    // La Ceiba not chosen yet: without its fee, and a word on it (10.10 + 5.35 + 2.05 + 0.35).
    expect(total()).toBe("$17.85");
    expect(screen.getByText(/para ver el total con envío/)).toBeTruthy();

    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    // 10.10 + 1.15 + 5.35 + 2.05 + 0.35 (pickup, no fee)
    expect(total()).toBe("$19.00");
    const fees = screen.getAllByTestId("checkout-fee").map((fee) => fee.textContent);
    expect(fees).toEqual(["$1.15", "$2.05", "Sin envío: recoges en tienda"]);

    await choose(user, "Pupusería La Ceiba", /Recoger en tienda/);
    expect(total()).toBe("$17.85");
  });

  it("a fee of its own is free from the merchant's threshold; none set is 'Envío por coordinar'", async () => {
    const { user } = setup({
      merchants: [
        { ...ceiba, subtotal: "20.00" },
        aMerchant({
          id: 11,
          name: "Sin tarifa",
          fulfillment: "delivery",
          deliveryArea: "country",
          subtotal: "1.01",
        }),
      ],
    });
    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    expect(screen.getAllByTestId("checkout-fee").map((fee) => fee.textContent)).toEqual([
      "Envío gratis",
      "Envío por coordinar",
    ]);
    expect(screen.getByTestId("checkout-total").textContent).toBe("$21.01");
    expect(screen.getByText(/Sin incluir el envío que acordarás con Sin tarifa/)).toBeTruthy();
  });

  it("asks the district (issue 36): its fee, where the merchant delivers and the minimum order", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const zonas = aMerchant({
      id: 12,
      name: "Pupusería Zonas",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["Soyapango", "Ilopango"],
      deliveryFee: "3.00",
      deliveryFees: [
        { place: "Soyapango", fee: "2.00" },
        { place: "Ilopango", fee: "3.50" },
      ],
      minimumOrder: "5.00",
      paymentMethods: ["whatsapp"],
      subtotal: "3.00",
    });
    const { user, onPlaced } = setup({ merchants: [zonas] });
    const box = screen.getByTestId("fulfillment-12");
    expect(within(box).getByText(/\$2\.00 en Soyapango, \$3\.50 en Ilopango/)).toBeTruthy();
    expect(within(box).getByText("Te faltan $2.00 para el pedido mínimo de $5.00.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Departamento"), "San Salvador");
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Este");
    // The whole municipality is not served, and the general fee stands until a district is chosen.
    expect(within(box).getByText(/No entrega en San Salvador Este/)).toBeTruthy();
    const district = screen.getByLabelText("Distrito (opcional)") as HTMLSelectElement;
    expect([...district.options].map((o) => o.value)).toEqual([
      "",
      "Ilopango",
      "San Martín",
      "Soyapango",
      "Tonacatepeque",
    ]);
    await user.selectOptions(district, "Tonacatepeque");
    expect(within(box).getByText(/No entrega en Tonacatepeque/)).toBeTruthy();
    await user.selectOptions(district, "Ilopango");
    expect(within(box).queryByText(/No entrega/)).toBeNull();
    expect(screen.getAllByTestId("checkout-fee").map((fee) => fee.textContent)).toEqual(["$3.50"]);
    await user.selectOptions(district, "Soyapango");
    expect(screen.getAllByTestId("checkout-fee").map((fee) => fee.textContent)).toEqual(["$2.00"]);
    // Another municipality clears a district it does not hold.
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Centro");
    expect(district.value).toBe("");
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Este");
    await user.selectOptions(district, "Soyapango");

    await fillValid(user);
    await user.type(field(/^Teléfono/), "70001234");
    await user.type(screen.getByLabelText(/^Dirección/), "Col. Los Santos, pasaje 3 #12");
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0].body).toMatchObject({
      deliveryAddress: { municipality: "San Salvador Este", district: "Soyapango" },
    });
  });

  it("starts the address at the district chosen for 'Entrega en mi zona'", async () => {
    document.cookie = `${MUNICIPALITY_COOKIE}=Soyapango; Path=/`;
    const { user } = setup({ merchants: [ceiba] });
    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    expect((screen.getByLabelText("Municipio") as HTMLSelectElement).value).toBe(
      "San Salvador Este",
    );
    expect((screen.getByLabelText("Distrito (opcional)") as HTMLSelectElement).value).toBe(
      "Soyapango",
    );
  });

  it("warns by a merchant that is closed or does not deliver to the chosen municipality", async () => {
    const { user } = setup({
      merchants: [ceiba, { ...volcan, temporarilyClosed: true }],
    });
    const volcanBox = screen.getByTestId("fulfillment-8");
    expect(within(volcanBox).getByText(/Cerrado por ahora/)).toBeTruthy();
    expect(
      within(screen.getByTestId("fulfillment-7")).queryByTestId("merchant-warnings"),
    ).toBeNull();

    // Café El Volcán only delivers, so the address is asked at once.
    await user.selectOptions(screen.getByLabelText("Departamento"), "San Salvador");
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Centro");
    expect(within(volcanBox).getByText(/No entrega en San Salvador Centro/)).toBeTruthy();
    // La Ceiba delivers in its whole department.
    expect(within(screen.getByTestId("fulfillment-7")).queryByText(/No entrega/)).toBeNull();

    await user.selectOptions(screen.getByLabelText("Departamento"), "La Libertad");
    await user.selectOptions(screen.getByLabelText("Municipio"), "La Libertad Sur");
    expect(within(volcanBox).queryByText(/No entrega/)).toBeNull();
    expect(
      within(screen.getByTestId("fulfillment-7")).getByText(/No entrega en La Libertad Sur/),
    ).toBeTruthy();
  });

  it("says how a merchant with one way, or none set up, hands its order over", () => {
    setup({ merchants: [volcan, panaderia, aMerchant({ id: 12, name: "Sin entrega" })] });
    expect(
      within(screen.getByTestId("fulfillment-8")).getByText("Entrega a domicilio"),
    ).toBeTruthy();
    expect(within(screen.getByTestId("fulfillment-9")).getByText("Recoger en tienda")).toBeTruthy();
    expect(
      within(screen.getByTestId("fulfillment-12")).getByText(
        "Entrega por coordinar con el comercio",
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId("fulfillment-8")).getByText(/Envío \$2\.05/)).toBeTruthy();
  });

  it("puts the server's address, phone and fulfilment messages by their fields; a 409 by the form", async () => {
    stubCheckout(
      () =>
        json(
          {
            message: "Datos inválidos",
            code: "validation",
            errors: [
              { path: "deliveryAddress.address", message: "Dirección no reconocida" },
              { path: "customerPhone", message: CUSTOMER_PHONE_REQUIRED_MESSAGE },
              {
                path: "fulfillment.7",
                message: "Pupusería La Ceiba no ofrece entrega a domicilio",
              },
            ],
          },
          400,
        ),
      () => json({ message: "No entregan en San Salvador Este: Pupusería La Ceiba" }, 409),
    );
    const { user } = setup({ merchants: [ceiba] });
    await fillValid(user);
    await user.type(field(/^Teléfono/), "70001234");
    await choose(user, "Pupusería La Ceiba", /Entrega a domicilio/);
    await user.selectOptions(screen.getByLabelText("Departamento"), "San Salvador");
    await user.selectOptions(screen.getByLabelText("Municipio"), "San Salvador Este");
    await user.type(screen.getByLabelText(/^Dirección/), "Col. Escalón, pasaje 3");
    await user.click(submit());
    await waitFor(() => expect(errorOf(/^Dirección/)).toBe("Dirección no reconocida"));
    expect(errorOf(/^Teléfono/)).toBe(CUSTOMER_PHONE_REQUIRED_MESSAGE);
    expect(
      within(screen.getByRole("group", { name: "Pupusería La Ceiba" })).getByText(
        "Pupusería La Ceiba no ofrece entrega a domicilio",
      ),
    ).toBeTruthy();

    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId("checkout-error").textContent).toBe(
        "No entregan en San Salvador Este: Pupusería La Ceiba",
      ),
    );
  });
});
