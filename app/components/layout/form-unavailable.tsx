/**
 * What shows in place of a form whose code could not be downloaded (offline, a new deploy):
 * the page stays, with a way to load it again. `form` names it: "el formulario de reseña".
 */
export function FormUnavailable({ form }: { form: string }) {
  return (
    <p role="alert" className="text-stone-700">
      No se pudo cargar {form}. Revisa tu conexión y{" "}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="font-medium text-brand-700 underline"
      >
        recarga la página
      </button>
      .
    </p>
  );
}
