import { FileUp, Upload } from "lucide-react";
import {
  createContext,
  useContext,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { catalogProducts, parseCatalogCsv } from "../../../shared/catalog-csv";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { formatPrice } from "../../../shared/money";
import { BULK_MERCHANT_MESSAGE } from "../../../shared/schemas/bulk-upload";
import { useBulkUpload } from "../../lib/admin-products-api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";
import { EXTRA_WIDE_DIALOG } from "./dialog-layout";
import { countLabel, plural } from "../../../shared/plural";

/**
 * Where the upload goes: the admin's route by default; the merchant portal provides its own
 * (/api/merchant/{id}/bulk-upload-products), so it reuses this dialog as it is.
 */
export const CatalogUploadContext = createContext<{ useUpload: typeof useBulkUpload }>({
  useUpload: useBulkUpload,
});

/** Lines shown in the preview: enough to check the file, few enough to stay fast. */
export const PREVIEW_LIMIT = 100;

const PREVIEW_COLUMNS = ["Línea", "Nombre", "Descripción", "Precio", "Imagen"];

const SAMPLE = `Nombre,Descripción,Precio,Imagen URL
Pupusa revuelta,Chicharrón y queso,1.00,
Café de altura,Bolsa de 340 g,8.50,`;

/** The file's text decoded as UTF-8 (a spreadsheet's BOM is dropped by the parser). */
function readUtf8(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, "UTF-8");
  });
}

type PreviewLine =
  | {
      line: number;
      kind: "row";
      name: string;
      description: string;
      price: string;
      imageUrl: string;
      stock?: number;
      options?: [string, string][];
    }
  | { line: number; kind: "error"; messages: string[] };

export interface CatalogUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  merchants: Pick<AdminMerchantDto, "id" | "name" | "categoryId">[];
  /** Merchant chosen when the dialog opens (the merchant's products dialog). */
  merchantId?: number;
  /** The merchant is `merchantId` and cannot be changed (the merchant portal): no select. */
  merchantFixed?: boolean;
}

/**
 * 'Subir Catálogo de Productos' (spec §5): the CSV is read and checked in the browser, every
 * line's problems are shown before anything is sent, and the upload is all or nothing.
 */
export function CatalogUploadDialog({ open, onOpenChange, ...props }: CatalogUploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={EXTRA_WIDE_DIALOG}>
        {/* Mounted only while open, so each opening starts empty. */}
        {open && <CatalogUploadForm {...props} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CatalogUploadForm({
  merchants,
  merchantId: initialMerchantId,
  merchantFixed = false,
  onClose,
}: Omit<CatalogUploadDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [merchantId, setMerchantId] = useState(initialMerchantId ? String(initialMerchantId) : "");
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const upload = useContext(CatalogUploadContext).useUpload();
  // Typing in a 1,000-line text stays smooth: the parse follows a step behind.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(
    () => (deferredText.trim() ? readCatalog(deferredText) : null),
    [deferredText],
  );
  const stale = deferredText !== text;

  const lines = useMemo<PreviewLine[]>(() => {
    if (!parsed) return [];
    const errorsByLine = new Map<number, string[]>();
    for (const error of parsed.errors) {
      errorsByLine.set(error.line, [...(errorsByLine.get(error.line) ?? []), error.message]);
    }
    const all: PreviewLine[] = [
      ...parsed.rows.map((row) => ({ ...row, kind: "row" as const })),
      ...[...errorsByLine].map(([line, messages]) => ({ line, kind: "error" as const, messages })),
    ];
    return all.sort((a, b) => a.line - b.line);
  }, [parsed]);

  const errorCount = parsed?.errors.length ?? 0;
  const rowCount = parsed?.products.length ?? 0;
  const canUpload =
    parsed !== null &&
    !stale &&
    !parsed.fatal &&
    errorCount === 0 &&
    rowCount > 0 &&
    !upload.isPending;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setText(await readUtf8(file));
  };

  const send = () => {
    if (!parsed || !canUpload) return;
    const merchant = merchants.find((m) => String(m.id) === merchantId);
    if (!merchant) {
      toast({ title: "Error", description: BULK_MERCHANT_MESSAGE, variant: "destructive" });
      return;
    }
    upload.mutate(
      {
        merchantId: merchant.id,
        products: parsed.products.map((row) => ({
          merchantId: merchant.id,
          categoryId: merchant.categoryId,
          name: row.name,
          slug: row.slug,
          description: row.description,
          price: row.price,
          imageUrl: row.imageUrl,
          images: row.imageUrl === DEFAULT_PRODUCT_IMAGE ? [] : [row.imageUrl],
          // Issue 36: `existencias`, and the rows of one slug with `opciones` as its variants.
          ...(row.stock === undefined ? {} : { stock: row.stock }),
          ...(row.options ? { options: row.options, variants: row.variants } : {}),
          // Lets the server name the CSV line of a row it refuses.
          line: row.line,
        })),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Subir Catálogo de Productos</DialogTitle>
        <DialogDescription>
          Un producto por línea. La primera línea es el encabezado con al menos 4 columnas: Nombre,
          Descripción, Precio, Imagen URL. Sin imagen se usa la foto predeterminada. Opcionales:
          Existencias (vacío: no se cuentan) y Opciones (Talla=M; Color=Azul), una línea por
          variante con el mismo nombre de producto.
        </DialogDescription>
      </DialogHeader>

      <div hidden={merchantFixed}>
        <Label htmlFor={`${id}-merchant`}>Comercio</Label>
        <NativeSelect
          id={`${id}-merchant`}
          className="mt-1"
          value={merchantId}
          onChange={(event) => setMerchantId(event.target.value)}
        >
          <option value="">Selecciona un comercio</option>
          {merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </NativeSelect>
      </div>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={`${id}-csv`}>Datos CSV</Label>
          <div className="flex items-center gap-2">
            {fileName && (
              <span className="max-w-48 truncate text-xs text-stone-600">{fileName}</span>
            )}
            <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
              <FileUp aria-hidden />
              Elegir archivo .csv
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-label="Archivo CSV"
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                readFile(file).catch(() =>
                  toast({
                    title: "Error en el formato CSV",
                    description: "No se pudo leer el archivo",
                    variant: "destructive",
                  }),
                );
              }}
            />
          </div>
        </div>
        <Textarea
          id={`${id}-csv`}
          rows={6}
          spellCheck={false}
          placeholder={SAMPLE}
          className="font-mono text-xs sm:text-xs"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFileName(null);
          }}
        />
      </div>

      <CatalogPreview parsed={parsed} lines={lines} />

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={upload.isPending}>
          Cancelar
        </Button>
        <Button onClick={send} disabled={!canUpload}>
          <Upload aria-hidden />
          {upload.isPending
            ? "Subiendo..."
            : rowCount > 0 && errorCount === 0
              ? `Subir ${countLabel(rowCount, "producto", "productos")}`
              : "Subir catálogo"}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The file's rows, and its products (a product with variants is several rows, issue 36). */
function readCatalog(text: string) {
  const read = parseCatalogCsv(text);
  const grouped = catalogProducts(read.rows);
  return {
    ...read,
    errors: [...read.errors, ...grouped.errors].sort((a, b) => a.line - b.line),
    products: grouped.products,
  };
}

function CatalogPreview({
  parsed,
  lines,
}: {
  parsed: ReturnType<typeof readCatalog> | null;
  lines: PreviewLine[];
}) {
  if (!parsed) return null;
  if (parsed.fatal) {
    return (
      <div
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      >
        <p className="font-semibold">Error en el formato CSV</p>
        <p>{parsed.fatal}</p>
      </div>
    );
  }
  const errorLines = lines.filter((l) => l.kind === "error");
  const shown = lines.slice(0, PREVIEW_LIMIT);
  return (
    <section aria-label="Vista previa del catálogo" className="grid gap-3">
      <p className="text-sm text-stone-800" role="status">
        {parsed.products.length}{" "}
        {plural(parsed.products.length, "producto listo", "productos listos")}
        {errorLines.length > 0 &&
          ` · ${countLabel(errorLines.length, "línea con errores", "líneas con errores")}`}
      </p>
      {errorLines.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">Error en el formato CSV</p>
          <p>Corrige estas líneas; no se enviará nada mientras haya errores.</p>
          <ul className="mt-1 list-disc pl-5">
            {parsed.errors.slice(0, PREVIEW_LIMIT).map((error, i) => (
              <li key={`${error.line}-${i}`}>{error.message}</li>
            ))}
          </ul>
          {parsed.errors.length > PREVIEW_LIMIT && (
            <p className="mt-1">y {parsed.errors.length - PREVIEW_LIMIT} errores más</p>
          )}
        </div>
      )}
      {lines.length > 0 && (
        <div className="max-h-80 overflow-auto rounded-md border border-stone-200">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Líneas del archivo</caption>
            <thead className="sticky top-0 bg-stone-100 text-stone-800">
              <tr>
                {PREVIEW_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-1.5">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {shown.map((line) =>
                line.kind === "row" ? (
                  <tr key={line.line}>
                    <td className="px-2 py-1 text-stone-600 tabular-nums">{line.line}</td>
                    <td className="px-2 py-1">
                      {line.name}
                      {line.options && (
                        <span className="block text-stone-600">
                          {line.options.map(([name, value]) => `${name}: ${value}`).join(" · ")}
                          {line.stock !== undefined && ` · ${line.stock} en existencia`}
                        </span>
                      )}
                    </td>
                    <td className="max-w-48 truncate px-2 py-1" title={line.description}>
                      {line.description}
                    </td>
                    <td className="px-2 py-1 tabular-nums">{formatPrice(line.price)}</td>
                    <td
                      className="max-w-40 truncate px-2 py-1 text-stone-600"
                      title={line.imageUrl}
                    >
                      {line.imageUrl === DEFAULT_PRODUCT_IMAGE ? "Predeterminada" : line.imageUrl}
                    </td>
                  </tr>
                ) : (
                  <tr key={line.line} className="bg-red-50 text-red-800">
                    <td className="px-2 py-1 tabular-nums">{line.line}</td>
                    <td colSpan={4} className="px-2 py-1">
                      {line.messages.map((m) => m.replace(/^Línea \d+: /, "")).join(" · ")}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {lines.length > PREVIEW_LIMIT && (
        <p className="text-xs text-stone-600">
          Mostrando las primeras {PREVIEW_LIMIT} de {lines.length} líneas.
        </p>
      )}
    </section>
  );
}
