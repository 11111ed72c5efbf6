import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { refreshCategoryCounts } from "../server/modules/catalog/counts.repository";
import { DEPARTMENTS } from "../shared/el-salvador";
import { districtsOf } from "../shared/districts";

/**
 * Synthetic catalogue for benchmarks: `products` products with merchants, categories and
 * reviews in proportion (one merchant per 25 products, one review per 2 products), Spanish
 * names with accents. Built inside PostgreSQL with generate_series, so 100,000 products load
 * in seconds on PGlite and on a server alike.
 */
export interface GeneratedCatalogue {
  categories: number;
  merchants: number;
  products: number;
  reviews: number;
}

const CATEGORY_NAMES = [
  ["Comida típica", "🫓"],
  ["Panaderías", "🥖"],
  ["Café", "☕"],
  ["Artesanías", "🧺"],
  ["Ropa y calzado", "👕"],
  ["Belleza", "💇"],
  ["Ferreterías", "🔨"],
  ["Tecnología", "📱"],
  ["Farmacias", "💊"],
  ["Mascotas", "🐾"],
  ["Hogar", "🏠"],
  ["Floristerías", "💐"],
  ["Librerías", "📚"],
  ["Deportes", "⚽"],
  ["Jugueterías", "🧸"],
  ["Mariscos", "🦐"],
] as const;

const NOUNS = [
  "Pupusa",
  "Café",
  "Hamaca",
  "Quesadilla",
  "Tamal",
  "Horchata",
  "Sandalia",
  "Camisa",
  "Bolso",
  "Jarrón",
  "Canasta",
  "Mochila",
  "Pan dulce",
  "Semita",
  "Atol",
  "Chocolate",
  "Miel",
  "Jabón",
  "Vela",
  "Cuaderno",
  "Balón",
  "Martillo",
  "Cargador",
  "Audífonos",
  "Collar",
  "Arete",
  "Sombrero",
  "Guayabera",
  "Alfombra",
  "Mantel",
  "Taza",
  "Plato",
  "Maceta",
  "Rosa",
  "Orquídea",
  "Champú",
  "Croqueta",
  "Correa",
  "Pelota",
  "Novela",
];
const QUALIFIERS = [
  "de loroco",
  "revuelta",
  "de chicharrón",
  "artesanal",
  "tradicional",
  "de Ilobasco",
  "bordada",
  "de barro",
  "orgánico",
  "del volcán",
  "de Santa Ana",
  "con frijoles",
  "de añil",
  "de Nahuizalco",
  "típica",
  "de maíz",
  "de arroz",
  "de tule",
  "pequeña",
  "grande",
  "clásica",
  "de algodón",
  "de jícaro",
  "de La Palma",
  "de Suchitoto",
  "premium",
  "económica",
  "familiar",
  "para niños",
  "de temporada",
];
const MERCHANT_KINDS = [
  "Pupusería",
  "Panadería",
  "Cafetería",
  "Artesanías",
  "Boutique",
  "Salón",
  "Ferretería",
  "Tecnología",
  "Farmacia",
  "Veterinaria",
  "Mueblería",
  "Floristería",
  "Librería",
  "Deportes",
  "Juguetería",
  "Marisquería",
];
const MERCHANT_NAMES = [
  "La Ceiba",
  "El Volcán",
  "Doña Tere",
  "Santa Lucía",
  "Las Brumas",
  "El Maquilishuat",
  "San José",
  "La Esperanza",
  "El Torogoz",
  "Los Izotes",
  "La Bendición",
  "El Buen Precio",
  "Don Chepe",
  "La Cumbre",
  "El Pital",
  "Nueva Era",
  "La Fe",
  "Las Flores",
  "El Ángel",
  "Mi Tierra",
];

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export async function generateCatalogue(
  db: Database,
  options: { products: number },
): Promise<GeneratedCatalogue> {
  const productCount = options.products;
  const merchantCount = Math.max(8, Math.ceil(productCount / 25));
  const reviewCount = Math.ceil(productCount / 2);
  const municipalities = DEPARTMENTS.flatMap((d) => d.municipalities.map((m) => [d.name, m]));

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into categories (name, slug, icon)
      select c.name, 'cat-' || c.i, c.icon
      from unnest(${textArray(CATEGORY_NAMES.map((c) => c[0]))},
                  ${textArray(CATEGORY_NAMES.map((c) => c[1]))})
           with ordinality as c(name, icon, i)`);

    await tx.execute(sql`
      insert into merchants (name, slug, description, address, department, municipality, district, phone,
        whatsapp, email, category_id, approved, is_active, schedule, image_url, logo_url)
      select
        k.kinds[1 + (i % array_length(k.kinds, 1))] || ' ' || k.names[1 + (i / 16) % array_length(k.names, 1)] || ' ' || i,
        'comercio-' || i,
        'Comercio salvadoreño con atención personalizada, productos de calidad y precios justos. Número ' || i || '.',
        'Calle ' || k.names[1 + i % array_length(k.names, 1)] || ' #' || (i % 200) || ', ' || k.munis[1 + i % array_length(k.munis, 1)],
        k.depts[1 + i % array_length(k.depts, 1)],
        k.munis[1 + i % array_length(k.munis, 1)],
        -- Issue 36: half of them say their district (the municipality's first, or, for
        -- San Salvador Este, Soyapango, which the zone benchmarks ask for).
        case when i % 2 = 0 then k.dists[1 + i % array_length(k.dists, 1)] end,
        '+503 2' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
        '+503 7' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
        'comercio' || i || '@ejemplo.sv',
        (select id from categories order by id offset (i % ${CATEGORY_NAMES.length}) limit 1),
        i % 20 <> 0, true,
        '{"monday":{"open":"08:00","close":"18:00"},"tuesday":{"open":"08:00","close":"18:00"},"wednesday":{"open":"08:00","close":"18:00"},"thursday":{"open":"08:00","close":"18:00"},"friday":{"open":"08:00","close":"18:00"},"saturday":{"open":"08:00","close":"13:00"},"sunday":{"closed":true}}',
        '/api/placeholder/1200/400', '/api/placeholder/256/256'
      from generate_series(1, ${merchantCount}) as i,
        (select ${textArray(MERCHANT_KINDS)} as kinds, ${textArray(MERCHANT_NAMES)} as names,
                ${textArray(municipalities.map((m) => m[0]))} as depts,
                ${textArray(municipalities.map((m) => m[1]))} as munis,
                ${textArray(municipalities.map((m) => (m[1] === "San Salvador Este" ? "Soyapango" : districtsOf(m[1])[0])))} as dists) as k`);

    await tx.execute(sql`
      insert into products (name, slug, description, price, image_url, images, merchant_id, category_id, is_active)
      select
        w.nouns[1 + i % array_length(w.nouns, 1)] || ' ' || w.quals[1 + (i / 40) % array_length(w.quals, 1)] || ' ' || i,
        'producto-' || i,
        'Producto hecho en El Salvador: ' || w.nouns[1 + i % array_length(w.nouns, 1)] || ' ' ||
          w.quals[1 + (i / 40) % array_length(w.quals, 1)] || '. Calidad garantizada, envíos a todo el país.',
        round((0.25 + (i::bigint * 7919 % 45000) / 100.0)::numeric, 2),
        '/api/placeholder/800/800', ARRAY['/api/placeholder/800/800']::text[],
        m.id, m.category_id, i % 50 <> 0
      from generate_series(1, ${productCount}) as i
      join merchants m on m.id = (select min(id) from merchants) + (i % ${merchantCount}),
        (select ${textArray(NOUNS)} as nouns, ${textArray(QUALIFIERS)} as quals) as w`);

    await tx.execute(sql`
      insert into reviews (user_name, user_email, rating, comment, product_id, merchant_id, is_approved)
      select 'Cliente ' || i, 'cliente' || i || '@ejemplo.sv', 1 + (i * 31) % 5,
        'Muy buena atención, el producto llegó a tiempo y en perfecto estado. Reseña ' || i || '.',
        case when i % 3 = 0 then null else (select min(id) from products) + (i * 13) % ${productCount} end,
        case when i % 3 = 0 then (select min(id) from merchants) + i % ${merchantCount} else null end,
        i % 10 <> 0
      from generate_series(1, ${reviewCount}) as i`);

    // Stored ratings and counts, recomputed in bulk (the per-row helpers are for single writes).
    await tx.execute(sql`
      update products p set rating = s.rating, review_count = s.n
      from (select product_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as n
            from reviews where is_approved and product_id is not null group by product_id) s
      where p.id = s.product_id`);
    await tx.execute(sql`
      update merchants m set
        rating = coalesce(r.rating, 0), review_count = coalesce(r.n, 0), product_count = coalesce(p.n, 0)
      from merchants m2
      left join (select merchant_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as n
                 from reviews where is_approved and merchant_id is not null group by merchant_id) r
        on r.merchant_id = m2.id
      left join (select merchant_id, count(*)::int as n from products where is_active group by merchant_id) p
        on p.merchant_id = m2.id
      where m.id = m2.id`);
    await refreshCategoryCounts(tx);
  });
  // What autovacuum does on a server shortly after a bulk load (and the embedded database's
  // own maintenance, db/client.ts): fresh statistics, and a visibility map that lets counts
  // read their index alone.
  await db.execute(sql`vacuum analyze`);

  return {
    categories: CATEGORY_NAMES.length,
    merchants: merchantCount,
    products: productCount,
    reviews: reviewCount,
  };
}
