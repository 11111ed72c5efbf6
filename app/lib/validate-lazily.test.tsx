import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  LOOKUP_EMAIL_MESSAGE,
  ORDER_NUMBER_MESSAGE,
  orderLookupSchema,
} from "../../shared/schemas/order-life";
import { useLazyValidation, validateLazily } from "./validate-lazily";

const loadLookupSchema = () =>
  import("../../shared/schemas/order-life").then((module) => module.orderLookupSchema);

describe("validateLazily", () => {
  it("answers the schema's parsed data when the values are valid", async () => {
    expect(
      await validateLazily(loadLookupSchema, {
        orderNumber: " es-2026-000123 ",
        email: "ana@correo.sv",
      }),
    ).toEqual({ data: { orderNumber: "ES-2026-000123", email: "ana@correo.sv" } });
  });

  it("answers the schema's Spanish message for each invalid field", async () => {
    expect(
      await validateLazily(loadLookupSchema, { orderNumber: "123", email: "no-es-correo" }),
    ).toEqual({ errors: { orderNumber: ORDER_NUMBER_MESSAGE, email: LOOKUP_EMAIL_MESSAGE } });
  });

  it("keeps only the first message of a field", async () => {
    const schema = z.object({
      name: z
        .string()
        .min(3, "Escribe al menos 3 letras")
        .regex(/^[a-z]+$/, "Solo letras"),
    });
    expect(await validateLazily(() => Promise.resolve(schema), { name: "1" })).toEqual({
      errors: { name: "Escribe al menos 3 letras" },
    });
  });

  it("downloads the schema once, and again after a failed download", async () => {
    const load = vi
      .fn<() => Promise<typeof orderLookupSchema>>()
      .mockRejectedValueOnce(new Error("sin conexión"))
      .mockResolvedValue(orderLookupSchema);
    const values = { orderNumber: "ES-2026-000123", email: "ana@correo.sv" };

    await expect(validateLazily(load, values)).rejects.toThrow("sin conexión");
    expect((await validateLazily(load, values)).data).toEqual(values);
    expect((await validateLazily(load, values)).data).toEqual(values);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/** A one-field form wired as the hook's comment says. */
function NameForm({
  load,
  onValid,
}: {
  load: () => Promise<z.ZodType>;
  onValid: (data: unknown) => void;
}) {
  const validation = useLazyValidation(load);
  return (
    <form
      noValidate
      onFocus={validation.prefetch}
      onChange={validation.revalidate}
      onSubmit={async (event) => {
        event.preventDefault();
        const data = await validation.validate(event.currentTarget);
        if (data) onValid(data);
      }}
    >
      <input aria-label="Otro" name="other" />
      <input aria-label="Nombre" name="name" />
      <p data-testid="error">{validation.errors.name}</p>
      <button type="submit">Enviar</button>
    </form>
  );
}

describe("useLazyValidation", () => {
  const schema = z.object({ name: z.string().trim().min(3, "Escribe tu nombre") });

  it("downloads the schema on the form's first focus, before any submit", async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const user = userEvent.setup({ delay: null });
    render(<NameForm load={load} onValid={vi.fn()} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText("Nombre"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the message on submit, focuses the invalid field, then follows the typing", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<NameForm load={() => Promise.resolve(schema)} onValid={onValid} />);

    await user.type(screen.getByLabelText("Nombre"), "A");
    await user.click(screen.getByLabelText("Otro"));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(screen.getByTestId("error").textContent).toBe("Escribe tu nombre"));
    expect(document.activeElement).toBe(screen.getByLabelText("Nombre"));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Nombre"), "na");
    await waitFor(() => expect(screen.getByTestId("error").textContent).toBe(""));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: "Ana" }));
  });

  it("checks nothing while typing before the first submit", async () => {
    const parse = vi.spyOn(schema, "safeParseAsync");
    const user = userEvent.setup({ delay: null });
    render(<NameForm load={() => Promise.resolve(schema)} onValid={vi.fn()} />);
    await user.type(screen.getByLabelText("Nombre"), "A");
    expect(parse).not.toHaveBeenCalled();
    expect(screen.getByTestId("error").textContent).toBe("");
    parse.mockRestore();
  });
});
