import { describe, expect, it } from "vitest";
import {
  catalogProducts,
  CSV_COLUMNS_MESSAGE,
  CSV_EMPTY_MESSAGE,
  parseCatalogCsv,
} from "./catalog-csv";
import { DEFAULT_PRODUCT_IMAGE } from "./limits";
import { OTHER_SITE_IMAGE } from "./test/test-helpers";

const HEADER = "Nombre,Descripción,Precio,Imagen URL";

describe("parseCatalogCsv", () => {
  it("reads products with slugs and two-decimal prices", () => {
    const result = parseCatalogCsv(
      `${HEADER}\nPupusas de Queso,Con curtido,1.5,/uploads/p.webp\nCafé Molido,Bolsa de 1 lb,"4,25",/uploads/cafe.webp`,
    );
    expect(result).toEqual({
      rows: [
        {
          line: 2,
          name: "Pupusas de Queso",
          slug: "pupusas-de-queso",
          description: "Con curtido",
          price: "1.50",
          imageUrl: "/uploads/p.webp",
        },
        {
          line: 3,
          name: "Café Molido",
          slug: "cafe-molido",
          description: "Bolsa de 1 lb",
          price: "4.25",
          imageUrl: "/uploads/cafe.webp",
        },
      ],
      errors: [],
    });
  });

  it("keeps quoted commas and line breaks, and counts lines of the file", () => {
    const csv = `${HEADER}\r\n"Pan dulce, grande","Hecho hoy\r\ncon amor",2.00,\r\nQuesadilla,"Postre ""típico""",1.25,`;
    const { rows, errors } = parseCatalogCsv(csv);
    expect(errors).toEqual([]);
    expect(rows.map(({ line, name, description }) => ({ line, name, description }))).toEqual([
      { line: 2, name: "Pan dulce, grande", description: "Hecho hoy\ncon amor" },
      { line: 4, name: "Quesadilla", description: 'Postre "típico"' },
    ]);
  });

  it("strips a UTF-8 BOM and reads accented headers in any case and order", () => {
    const csv = `\uFEFFimage_url, PRECIO ,descripcion,NAME\n,3,Rica,Horchata`;
    expect(parseCatalogCsv(csv).rows).toEqual([
      {
        line: 2,
        name: "Horchata",
        slug: "horchata",
        description: "Rica",
        price: "3.00",
        imageUrl: DEFAULT_PRODUCT_IMAGE,
      },
    ]);
  });

  it("reads 'imageurl' and 'description' headers and unknown headers in the spec's order", () => {
    expect(
      parseCatalogCsv("Producto,Detalle,Costo,Foto\nAtol,Caliente,0.75,").rows[0],
    ).toMatchObject({
      name: "Atol",
      description: "Caliente",
      price: "0.75",
    });
    expect(
      parseCatalogCsv("description,imageurl,price,name\nCaliente,,1,Atol").rows[0],
    ).toMatchObject({
      name: "Atol",
      description: "Caliente",
    });
  });

  it("detects a semicolon delimiter", () => {
    expect(
      parseCatalogCsv("Nombre;Descripción;Precio;Imagen URL\nTamal;De pollo;1,10;").rows[0],
    ).toMatchObject({
      name: "Tamal",
      price: "1.10",
    });
  });

  it("uses the default image when none is given", () => {
    expect(parseCatalogCsv(`${HEADER}\nTamal,De pollo,1,  `).rows[0].imageUrl).toBe(
      DEFAULT_PRODUCT_IMAGE,
    );
  });

  it("skips blank lines but keeps counting them", () => {
    const { rows } = parseCatalogCsv(`\n${HEADER}\n\n  \n,,,\nTamal,De pollo,1,\n`);
    expect(rows).toHaveLength(1);
    expect(rows[0].line).toBe(6);
  });

  it("reports each bad row by line and keeps the good ones", () => {
    const csv = [
      HEADER,
      "Tamal,De pollo",
      ",Sin nombre,1,",
      "Atol,Caliente,gratis,",
      "Pan,Dulce,-1,",
      "Yuca,Frita,2,foto.jpg",
      ",,abc,x",
      "Ok,Bien,1,",
      `Chilate,Con nuégados,1,${OTHER_SITE_IMAGE}`,
    ].join("\n");
    const { rows, errors } = parseCatalogCsv(csv);
    expect(errors).toEqual([
      { line: 2, message: "Línea 2: Datos incompletos" },
      { line: 3, message: "Línea 3: Falta el nombre" },
      { line: 4, message: "Línea 4: Precio inválido" },
      { line: 5, message: "Línea 5: Precio inválido" },
      { line: 6, message: "Línea 6: URL de imagen inválida" },
      { line: 7, message: "Línea 7: Falta el nombre" },
      { line: 7, message: "Línea 7: Falta la descripción" },
      { line: 7, message: "Línea 7: Precio inválido" },
      { line: 7, message: "Línea 7: URL de imagen inválida" },
      {
        line: 9,
        message: "Línea 9: Sube la imagen a Tiangue: no se aceptan imágenes de otros sitios",
      },
    ]);
    expect(rows.map((r) => r.name)).toEqual(["Ok"]);
  });

  it("reports a NUL or a lone surrogate on its line and removes bidi controls", () => {
    const result = parseCatalogCsv(
      `${HEADER}\nPan\u0000 dulce,Rico,1,\nPan,Dulce \ud800,1,\nCaf\u202eé,Molido\u2066,2,`,
    );
    expect(result.errors).toEqual([
      { line: 2, message: "Línea 2: El texto contiene caracteres no válidos" },
      { line: 3, message: "Línea 3: El texto contiene caracteres no válidos" },
    ]);
    expect(result.rows).toMatchObject([{ line: 4, name: "Café", description: "Molido" }]);
  });

  it("reports an unterminated quote", () => {
    const { errors } = parseCatalogCsv(`${HEADER}\nTamal,De pollo,1,\n"Atol,Caliente,1,`);
    expect(errors).toEqual([{ line: 3, message: "Línea 3: Comillas sin cerrar" }]);
  });

  it("refuses an empty file", () => {
    expect(parseCatalogCsv("")).toEqual({ rows: [], errors: [], fatal: CSV_EMPTY_MESSAGE });
    expect(parseCatalogCsv("\uFEFF \n \n").fatal).toBe("Por favor proporciona datos CSV");
  });

  it("refuses a header with fewer than 4 columns", () => {
    expect(parseCatalogCsv("Nombre,Precio,Descripción\nPan,1,Rico")).toEqual({
      rows: [],
      errors: [],
      fatal: CSV_COLUMNS_MESSAGE,
    });
    expect(CSV_COLUMNS_MESSAGE).toBe(
      "El CSV debe tener al menos 4 columnas: Nombre, Descripción, Precio, Imagen URL",
    );
  });

  it("refuses more than 5000 products", () => {
    const csv = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `P${i},D,1,`)].join("\n");
    expect(parseCatalogCsv(csv).fatal).toBe("El catálogo no puede tener más de 5000 productos");
  });

  it("reads 1000 rows quickly", () => {
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `"Producto ${i}, edición ñ","Línea 1\nLínea 2",${i}.99,`,
    );
    const started = performance.now();
    const { rows, errors } = parseCatalogCsv([HEADER, ...lines].join("\n"));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1000);
    expect(rows[999]).toMatchObject({
      line: 2 + 999 * 2,
      slug: "producto-999-edicion-n",
      price: "999.99",
    });
  });
});

describe("existencias and opciones (issue 36)", () => {
  const HEAD = "Nombre,Descripción,Precio,Imagen URL,Existencias,Opciones";

  it("reads a count, and groups the rows of one slug with options into variants", () => {
    const csv = [
      HEAD,
      "Horchata,De morro,1.00,,12,",
      "Camisa típica,Bordada,15.00,,3,Talla=S; Color=Blanco",
      "Camisa típica,Bordada,16.50,,,Talla=M; Color=Blanco",
      "Camisa Típica,Bordada,17.00,,0,Talla=M; Color=Azul",
      "Atol,Shuco,0.75,,,",
    ].join("\n");
    const { rows, errors } = parseCatalogCsv(csv);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ name: "Horchata", stock: 12 });
    expect(rows[4]).not.toHaveProperty("stock");
    expect(rows[1].options).toEqual([
      ["Talla", "S"],
      ["Color", "Blanco"],
    ]);
    const grouped = catalogProducts(rows);
    expect(grouped.errors).toEqual([]);
    expect(grouped.products.map((p) => p.name)).toEqual(["Horchata", "Camisa típica", "Atol"]);
    expect(grouped.products[1]).toMatchObject({
      line: 3,
      options: [
        { name: "Talla", values: ["S", "M"] },
        { name: "Color", values: ["Blanco", "Azul"] },
      ],
      variants: [
        { options: { Talla: "S", Color: "Blanco" }, price: "15.00", stock: 3 },
        { options: { Talla: "M", Color: "Blanco" }, price: "16.50", stock: null },
        { options: { Talla: "M", Color: "Azul" }, price: "17.00", stock: 0 },
      ],
    });
    expect(grouped.products[0]).toMatchObject({ stock: 12 });
  });

  it("names the line of a bad count, bad options, other options or a combination twice", () => {
    const { errors } = parseCatalogCsv(
      [HEAD, "Pan,Dulce,1,,-2,", "Pan,Dulce,1,,,Talla", "Pan,Dulce,1,,,A=1;B=2;C=3;D=4"].join("\n"),
    );
    expect(errors.map((e) => e.message)).toEqual([
      "Línea 2: Existencias inválidas: un número entero de 0 en adelante",
      'Línea 3: Opciones inválidas: "Talla" (ej: Talla=M; Color=Azul)',
      "Línea 4: Un producto puede tener como máximo 3 opciones",
    ]);
    const { rows } = parseCatalogCsv(
      [HEAD, "Gorra,Roja,5,,,Talla=M", "Gorra,Roja,5,,,Color=Rojo", "Gorra,Roja,5,,,Talla=M"].join(
        "\n",
      ),
    );
    expect(catalogProducts(rows).errors.map((e) => e.message)).toEqual([
      "Línea 3: las opciones deben ser Talla, como en la línea 2",
      "Línea 4: esta combinación de opciones ya está en otra línea",
    ]);
  });
});
