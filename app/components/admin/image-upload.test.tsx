import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { FakeXhr, imageFile, MB } from "../../test/fake-xhr";
import { ImageUpload } from "./image-upload";
import { MultiImageUpload } from "./multi-image-upload";
import { renderAdmin } from "../../test/test-utils";

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const fileInput = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const dropZone = (text: RegExp) => screen.getByText(text).parentElement as HTMLElement;

describe("ImageUpload", () => {
  function setup(kind: "merchantImage" | "merchantLogo" = "merchantImage") {
    const onChange = vi.fn();
    const view = renderAdmin(
      <ImageUpload label="Imagen del comercio" kind={kind} value={null} onChange={onChange} />,
    );
    return { ...view, onChange };
  }

  it("refuses a file over the kind's limit before sending anything", async () => {
    const { user, onChange } = setup("merchantImage");
    await user.upload(fileInput("Imagen del comercio"), imageFile("foto.png", 2 * MB + 1));
    expect(screen.getByText("Archivo muy grande")).toBeTruthy();
    expect(screen.getByText("El archivo no puede ser mayor a 2MB")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("uses the logo's 1 MB limit", async () => {
    const { user } = setup("merchantLogo");
    await user.upload(fileInput("Imagen del comercio"), imageFile("logo.png", MB + 1));
    expect(screen.getByText("El archivo no puede ser mayor a 1MB")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("ignores a dropped file that is not an image", () => {
    const { onChange } = setup();
    fireEvent.drop(dropZone(/Arrastra una imagen/), {
      dataTransfer: { files: [new File(["a,b"], "datos.csv", { type: "text/csv" })] },
    });
    expect(screen.getByText("Error al subir imagen")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("uploads with the cookie, shows progress and hands back the URL", async () => {
    const { user, onChange } = setup();
    await user.upload(fileInput("Imagen del comercio"), imageFile("foto.png", 2 * MB));
    const xhr = FakeXhr.sent[0];
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/upload/image?kind=merchantImage");
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body?.get("image") as File).name).toBe("foto.png");

    act(() => xhr.progress(50, 100));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50");
    act(() => xhr.respond(201, { url: "/uploads/2026/01/abc-800.webp", variants: [] }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith("/uploads/2026/01/abc-800.webp"));
    expect(screen.getByText("Imagen subida exitosamente")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("maps 413 to the size message, 415 to the format message and others to the generic one", async () => {
    const { user } = setup();
    await user.upload(fileInput("Imagen del comercio"), imageFile("foto.png", 1000));
    act(() => FakeXhr.sent[0].respond(413, {}));
    await waitFor(() => expect(screen.getByText("Archivo muy grande")).toBeTruthy());
    expect(screen.getByText("El archivo no puede ser mayor a 2MB")).toBeTruthy();

    await user.upload(fileInput("Imagen del comercio"), imageFile("foto.png", 1000));
    act(() =>
      FakeXhr.sent[1].respond(415, { message: "Formato no permitido: usa PNG, JPG, GIF o WebP" }),
    );
    await waitFor(() =>
      expect(screen.getByText("Formato no permitido: usa PNG, JPG, GIF o WebP")).toBeTruthy(),
    );
    expect(screen.getByText("Error al subir imagen")).toBeTruthy();

    await user.upload(fileInput("Imagen del comercio"), imageFile("foto.png", 1000));
    act(() => FakeXhr.sent[2].respond(500, { message: "boom" }));
    await waitFor(() => expect(screen.getByText("Error al subir imagen")).toBeTruthy());
    expect(screen.getByText("No se pudo subir la imagen. Intenta de nuevo.")).toBeTruthy();
  });
});

describe("MultiImageUpload", () => {
  function setup(value: string[] = []) {
    const onChange = vi.fn();
    const view = renderAdmin(
      <MultiImageUpload label="Imágenes" value={value} onChange={onChange} />,
    );
    return { ...view, onChange };
  }

  it("refuses more images than the maximum", async () => {
    const { user } = setup(["/uploads/a.webp"]);
    await user.upload(fileInput("Imágenes"), [
      imageFile("1.png", 10),
      imageFile("2.png", 10),
      imageFile("3.png", 10),
    ]);
    expect(screen.getByText("Demasiadas imágenes")).toBeTruthy();
    expect(screen.getByText("Solo puedes subir un máximo de 3 imágenes")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("says when none of the dropped files is an image", () => {
    setup();
    fireEvent.drop(dropZone(/Arrastra imágenes/), {
      dataTransfer: { files: [new File(["x"], "notas.txt", { type: "text/plain" })] },
    });
    expect(screen.getByText("No hay imágenes válidas")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("skips files over 3 MB with their name and uploads the rest", async () => {
    const { user, onChange } = setup();
    await user.upload(fileInput("Imágenes"), [
      imageFile("grande.png", 3 * MB + 1),
      imageFile("buena.png", 3 * MB),
    ]);
    expect(screen.getByRole("status", { name: "Imágenes omitidas" }).textContent).toBe(
      "grande.png es mayor a 3MB",
    );
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.sent[0].body?.get("image") as File).name).toBe("buena.png");
    expect(FakeXhr.sent[0].url).toBe("/api/upload/image?kind=productImage");

    act(() => FakeXhr.sent[0].respond(201, { url: "/uploads/b.webp" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(["/uploads/b.webp"]));
    expect(screen.getByText("1 imagen(es) subida(s) y optimizada(s)")).toBeTruthy();
  });

  it("reports when some uploads failed and keeps the ones that worked", async () => {
    const { user, onChange } = setup();
    await user.upload(fileInput("Imágenes"), [imageFile("a.png", 10), imageFile("b.png", 10)]);
    act(() => FakeXhr.sent[0].respond(201, { url: "/uploads/a.webp" }));
    act(() => FakeXhr.sent[1].respond(500, {}));
    await waitFor(() => expect(screen.getByText("Error al subir imágenes")).toBeTruthy());
    expect(screen.getByText("Algunas imágenes no se pudieron subir")).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(["/uploads/a.webp"]);
  });
});
