/**
 * The fake Wompi's link edits (issue 37 L3), as Wompi's API documents them:
 * - PUT /EnlacePago/{idEnlace}             EditarEnlaceDto: the link's fields again, its
 *                                          `monto` the new amount; answers EnlacePagoOutput
 * - PUT /EnlacePago/{idEnlace}/desactivar  nobody can pay on it any more; answers
 *                                          EnlacePagoOutput with `usable: false`
 */

/** The part of a fake link an edit changes. */
export interface EditableLink {
  id: number;
  url: string;
  amount: number;
  productName: string;
  active: boolean;
  /** Every body of PUT /EnlacePago/{id} received, for assertions. */
  edits: Record<string, unknown>[];
}

/** An edit's answer: 200, or the status and Wompi's body of a refusal. */
export type EditOutcome = { status: 200 } | { status: 400 | 409; error: unknown };

const twoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** EnlacePagoOutput of a link after an edit; `paid`: it has an approved payment. */
export function editedLinkOutput(link: EditableLink, paid: boolean, productive: boolean) {
  return {
    idEnlace: link.id,
    urlEnlace: link.url,
    nombreProducto: link.productName,
    monto: link.amount,
    usable: link.active && !paid,
    estaProductivo: productive,
  };
}

/** PUT /EnlacePago/{id}: a new amount (and name); refused once paid or deactivated. */
export function editLink(
  link: EditableLink,
  body: Record<string, unknown>,
  paid: boolean,
): EditOutcome {
  if (typeof body.monto !== "number" || body.monto <= 0 || !twoDecimalsAtMost(body.monto)) {
    return {
      status: 400,
      error: {
        title: "One or more validation errors occurred.",
        status: 400,
        errors: { Monto: ["Debe ser un número mayor que cero con dos decimales como máximo"] },
      },
    };
  }
  if (
    typeof body.identificadorEnlaceComercio !== "string" ||
    typeof body.nombreProducto !== "string"
  ) {
    return {
      status: 400,
      error: {
        title: "One or more validation errors occurred.",
        status: 400,
        errors: { $: ["Requerido"] },
      },
    };
  }
  if (!link.active || paid) {
    return { status: 409, error: { mensajes: ["El enlace ya no se puede editar"] } };
  }
  link.edits.push(body);
  link.amount = body.monto;
  link.productName = body.nombreProducto;
  return { status: 200 };
}
