/**
 * The demo catalogue's categories. `hue` colours the generated artwork (0–360);
 * the slug also names the pictogram drawn by server/demo/artwork.ts.
 */
export interface DemoCategory {
  name: string;
  slug: DemoCategorySlug;
  icon: string;
  hue: number;
}

export const DEMO_CATEGORY_SLUGS = [
  "comida-tipica",
  "panaderias",
  "cafe",
  "artesanias",
  "ropa-y-calzado",
  "belleza",
  "ferreterias",
  "tecnologia",
  "farmacias",
  "mascotas",
  "hogar",
  "floristerias",
  "librerias",
  "deportes",
] as const;

export type DemoCategorySlug = (typeof DEMO_CATEGORY_SLUGS)[number];

// prettier-ignore
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { name: "Comida típica",  slug: "comida-tipica",  icon: "🫓", hue: 24 },
  { name: "Panaderías",     slug: "panaderias",     icon: "🥖", hue: 36 },
  { name: "Café",           slug: "cafe",           icon: "☕", hue: 18 },
  { name: "Artesanías",     slug: "artesanias",     icon: "🧺", hue: 12 },
  { name: "Ropa y calzado", slug: "ropa-y-calzado", icon: "👕", hue: 220 },
  { name: "Belleza",        slug: "belleza",        icon: "💇", hue: 330 },
  { name: "Ferreterías",    slug: "ferreterias",    icon: "🔨", hue: 200 },
  { name: "Tecnología",     slug: "tecnologia",     icon: "📱", hue: 250 },
  { name: "Farmacias",      slug: "farmacias",      icon: "💊", hue: 160 },
  { name: "Mascotas",       slug: "mascotas",       icon: "🐾", hue: 45 },
  { name: "Hogar",          slug: "hogar",          icon: "🏠", hue: 180 },
  { name: "Floristerías",   slug: "floristerias",   icon: "💐", hue: 300 },
  { name: "Librerías",      slug: "librerias",      icon: "📚", hue: 270 },
  { name: "Deportes",       slug: "deportes",       icon: "⚽", hue: 130 },
];
