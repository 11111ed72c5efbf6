import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CategoryDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { MerchantRegistrationForm } from "./merchant-registration-form";
import { Toaster } from "../ui/toaster";

const CATEGORIES: CategoryDto[] = [
  {
    id: 1,
    name: "Restaurantes",
    slug: "restaurantes",
    icon: "🍽️",
    imageUrl: null,
    merchantCount: 0,
    productCount: 0,
  },
  {
    id: 2,
    name: "Cafés",
    slug: "cafes",
    icon: null,
    imageUrl: null,
    merchantCount: 0,
    productCount: 0,
  },
];

function setup() {
  render(
    <>
      <MerchantRegistrationForm categories={CATEGORIES} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole("button", { name: /Registrar comercio|Registrando/ });

/** The error shown next to a field: the element its aria-describedby points at. */
function errorOf(label: string | RegExp) {
  const id = field(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("Nombre del comercio"), "Pupusería La Ceiba");
  await user.selectOptions(field("Categoría"), "1");
  await user.type(field("Sitio web (opcional)"), "laceiba.com.sv");
  await user.type(field("Descripción"), "Pupusas de arroz y maíz desde 1998.");
  await user.type(field("Dirección completa"), "Calle El Mirador 123");
  await user.selectOptions(field("Departamento"), "San Salvador");
  await user.selectOptions(field("Municipio"), "San Salvador Centro");
  await user.type(field("Teléfono"), "50322220000");
  await user.type(field("WhatsApp (opcional)"), "50370000001");
  await user.type(field("Correo electrónico"), "hola@laceiba.com.sv");
  await user.type(field("Instagram"), "@laceiba");
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

describe("MerchantRegistrationForm", { timeout: 20_000 }, () => {
  it("builds the read-only slug live from the name", async () => {
    const { user } = setup();
    const slug = field(/Identificador/);
    expect(slug.readOnly).toBe(true);
    expect(slug.getAttribute("aria-readonly")).toBe("true");
    await user.type(field("Nombre del comercio"), "Panadería Ñandú  & Café");
    expect(slug.value).toBe("panaderia-nandu-cafe");
  });

  it("shows the spec's messages next to each field and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { user } = setup();
    await user.type(field("Teléfono"), "5037");
    await user.type(field("Correo electrónico"), "hola@");
    await user.type(field("Sitio web (opcional)"), "no es un sitio");
    await user.type(field("Facebook"), "mi tienda!");
    await user.click(submitButton());

    await waitFor(() => expect(errorOf("Teléfono")).toBe("Formato requerido: +000 0000-0000"));
    expect(errorOf("Correo electrónico")).toBe("Por favor ingresa un email válido");
    expect(errorOf("Categoría")).toBe("Por favor selecciona una categoría");
    expect(errorOf("Sitio web (opcional)")).toBe(
      "Por favor ingresa un sitio web válido (ej: www.mitienda.com)",
    );
    expect(errorOf("Facebook")).toBe("Por favor ingresa un perfil de Facebook válido");
    expect(errorOf("Nombre del comercio")).toBe("El nombre es requerido");
    expect(errorOf("Dirección completa")).toBe("La dirección es requerida");
    expect(errorOf("Descripción")).toBe("La descripción es requerida");
    expect(errorOf("Departamento")).toBe("Selecciona un departamento");
    expect(field("Teléfono").getAttribute("aria-invalid")).toBe("true");
    expect(errorOf("WhatsApp (opcional)")).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers the municipalities of the chosen department only", async () => {
    const { user } = setup();
    expect(field("Municipio").disabled).toBe(true);
    await user.selectOptions(field("Departamento"), "Cuscatlán");
    const options = Array.from((field("Municipio") as unknown as HTMLSelectElement).options)
      .map((o) => o.value)
      .filter(Boolean);
    expect(options).toEqual(["Cuscatlán Norte", "Cuscatlán Sur"]);
    await user.selectOptions(field("Municipio"), "Cuscatlán Sur");
    await user.selectOptions(field("Departamento"), "La Paz");
    expect(field("Municipio").value).toBe("");
  });

  it("offers the districts of the chosen municipality (issue 36), optional, and sends the one chosen", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 5 }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const { user } = setup();
    expect(field("Distrito (opcional)").disabled).toBe(true);
    await fillValid(user);
    const districts = Array.from(
      (field("Distrito (opcional)") as unknown as HTMLSelectElement).options,
    ).map((o) => o.value);
    expect(districts).toEqual([
      "",
      "Ayutuxtepeque",
      "Mejicanos",
      "San Salvador",
      "Cuscatancingo",
      "Ciudad Delgado",
    ]);
    await user.selectOptions(field("Distrito (opcional)"), "Mejicanos");
    await user.click(submitButton());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      municipality: "San Salvador Centro",
      district: "Mejicanos",
    });
  });

  it("reads 'Registrando...' while sending, sends the normalized data, then thanks and resets form and hours", async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole("checkbox", { name: /Cerrado el Lunes/ }));
    await user.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe("Registrando..."));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/merchants");
    expect(init.method).toBe("POST");
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      name: "Pupusería La Ceiba",
      slug: "pupuseria-la-ceiba",
      categoryId: 1,
      website: "https://laceiba.com.sv",
      address: "Calle El Mirador 123",
      department: "San Salvador",
      municipality: "San Salvador Centro",
      phone: "+503 2222-0000",
      whatsapp: "+503 7000-0001",
      email: "hola@laceiba.com.sv",
      instagram: "https://www.instagram.com/laceiba",
      facebook: null,
      tiktok: null,
    });
    expect(body.schedule.split("\n")).toEqual([
      "Lunes: Cerrado",
      "Martes: 09:00 - 18:00",
      "Miércoles: 09:00 - 18:00",
      "Jueves: 09:00 - 18:00",
      "Viernes: 09:00 - 18:00",
      "Sábado: 09:00 - 14:00",
      "Domingo: Cerrado",
    ]);

    answer(new Response(JSON.stringify({ id: 5 }), { status: 201 }));
    expect(await screen.findByText("¡Solicitud enviada exitosamente!")).toBeTruthy();
    expect(
      screen.getByText(
        "Tu solicitud ha sido enviada para revisión. Te notificaremos cuando sea aprobada.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(field("Nombre del comercio").value).toBe(""));
    expect(field("Teléfono").value).toBe("");
    expect(field("Departamento").value).toBe("");
    expect(field(/Identificador/).value).toBe("");
    expect(
      (screen.getByRole("checkbox", { name: /Cerrado el Lunes/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("puts the server's field messages next to their fields and shows the failure toast", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: "Datos inválidos",
              errors: [{ path: "whatsapp", message: "El WhatsApp debe ser un número celular" }],
            }),
            { status: 400 },
          ),
      ),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByText("Error al registrar")).toBeTruthy();
    expect(
      screen.getByText("Hubo un problema al registrar tu comercio. Por favor intenta de nuevo."),
    ).toBeTruthy();
    expect(errorOf("WhatsApp (opcional)")).toBe("El WhatsApp debe ser un número celular");
    expect(field("Nombre del comercio").value).toBe("Pupusería La Ceiba");
  });

  it("clears everything with 'Limpiar formulario'", async () => {
    const { user } = setup();
    await user.type(field("Nombre del comercio"), "Café Las Nubes");
    await user.click(screen.getByRole("checkbox", { name: /Cerrado el Domingo/ }));
    await user.click(screen.getByRole("button", { name: "Limpiar formulario" }));
    expect(field("Nombre del comercio").value).toBe("");
    expect(
      (screen.getByRole("checkbox", { name: /Cerrado el Domingo/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
