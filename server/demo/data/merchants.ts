import type { Department } from "../../../shared/el-salvador";
import type { DemoCategorySlug } from "./categories";
import type { DemoMenu } from "./products";

/** Opening-hours presets, keyed monday..sunday; see SCHEDULES below. */
export type SchedulePreset =
  | "comercio"
  | "pupuseria"
  | "comedor"
  | "panaderia"
  | "cafe"
  | "tienda"
  | "farmacia"
  | "playa"
  | "ferreteria"
  | "registro";

type Day =
  | { open: string; close: string }
  | { closed: true }
  | { ranges: { open: string; close: string }[]; closed: false };
const open = (o: string, c: string): Day => ({ open: o, close: c });
/** A shop that closes at lunch (issue 36): two ranges in the day. */
const split = (o: string, lunch: string, back: string, c: string): Day => ({
  ranges: [
    { open: o, close: lunch },
    { open: back, close: c },
  ],
  closed: false,
});
const closed: Day = { closed: true };
const week = (days: Day[]) => ({
  monday: days[0],
  tuesday: days[1],
  wednesday: days[2],
  thursday: days[3],
  friday: days[4],
  saturday: days[5],
  sunday: days[6],
});

export const SCHEDULES: Record<Exclude<SchedulePreset, "registro">, ReturnType<typeof week>> = {
  comercio: week([...Array(5).fill(open("08:00", "18:00")), open("08:00", "13:00"), closed]),
  pupuseria: week([closed, ...Array(6).fill(open("16:00", "22:00"))]),
  comedor: week([...Array(6).fill(open("06:30", "15:00")), open("07:00", "13:00")]),
  panaderia: week(Array(7).fill(open("05:30", "19:00"))),
  cafe: week([closed, ...Array(4).fill(open("07:00", "19:00")), ...Array(2).fill(open("07:00", "21:00"))]),
  tienda: week([...Array(6).fill(open("09:00", "19:00")), open("10:00", "17:00")]),
  farmacia: week(Array(7).fill(open("07:00", "21:00"))),
  playa: week([closed, closed, ...Array(5).fill(open("08:00", "18:00"))]),
  // Hardware stores close for lunch, 12:00 to 13:00 (issue 36's split hours).
  ferreteria: week([...Array(5).fill(split("07:00", "12:00", "13:00", "17:00")), open("07:00", "12:00"), closed]),
};

export interface DemoMerchant {
  name: string;
  category: DemoCategorySlug;
  department: Department;
  /** The direction of the 2024 municipality: "Norte" → "<department> Norte". */
  area: string;
  /** Street address with the old district name people still use. */
  address: string;
  description: string;
  menu: DemoMenu;
  schedule: SchedulePreset;
  /** Stored as the registration form's 'Lunes: 09:00 - 18:00' lines instead of JSON. */
  textSchedule?: true;
  /** Domain of the e-mail (and of the website when `web` is set); default from the name. */
  domain?: string;
  web?: true;
  facebook?: string;
  instagram?: string;
  tiktok?: string;
  /** No WhatsApp number. */
  noWhatsapp?: true;
  status?: "pending" | "rejected";
  rejectionReason?: string;
}

// prettier-ignore
export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  // Comida típica
  { name: "Pupusería La Ceiba", category: "comida-tipica", department: "Cuscatlán", area: "Norte",
    address: "Calle El Progreso #12, Barrio El Centro, Suchitoto", menu: "pupusas", schedule: "pupuseria",
    description: "Pupusas hechas al momento en comal de barro, a la sombra de la ceiba del barrio. Masa de maíz y de arroz, curtido casero y salsa de tomate de la abuela.",
    facebook: "pupuserialaceiba", instagram: "pupuserialaceiba", tiktok: "pupuserialaceiba" },
  { name: "Pupusería Doña Tere", category: "comida-tipica", department: "La Paz", area: "Oeste",
    address: "Carretera antigua a Zacatecoluca km 24, Barrio El Calvario, Olocuilta", menu: "pupusas", schedule: "pupuseria",
    description: "Famosas pupusas de arroz de Olocuilta desde 1998. Atendemos familias, excursiones y pedidos para llevar.",
    facebook: "pupuseriadonatere", textSchedule: true },
  { name: "Comedor Doña Chayo", category: "comida-tipica", department: "San Miguel", area: "Centro",
    address: "4a Calle Poniente #305, Barrio San Felipe, San Miguel", menu: "antojitos", schedule: "comedor",
    description: "Comida a la vista como en casa: gallina india, sopa de res los domingos, tamales y el mejor chilate con nuégados del oriente.",
    facebook: "comedordonachayo" },
  { name: "Mariscos El Puerto", category: "comida-tipica", department: "La Libertad", area: "Costa",
    address: "Muelle artesanal, local 8, Puerto de La Libertad", menu: "mariscos", schedule: "playa",
    description: "Mariscos frescos del muelle: cócteles, sopa de mariscos, pescado frito y conchas negras. Vista al mar incluida.",
    instagram: "mariscoselpuerto.sv", tiktok: "mariscoselpuerto", web: true },
  { name: "Antojitos La Placita", category: "comida-tipica", department: "Santa Ana", area: "Centro",
    address: "Avenida Independencia Sur #18, frente al parque Libertad, Santa Ana", menu: "antojitos", schedule: "tienda",
    description: "Yuca frita, pastelitos de carne, empanadas de leche y atol de elote frente al parque. El sabor de las tardes santanecas.",
    instagram: "antojitoslaplacita" },

  // Panaderías
  { name: "Panadería Santa Lucía", category: "panaderias", department: "San Salvador", area: "Este",
    address: "Calle Principal #45, Colonia Santa Lucía, Ilopango", menu: "pan", schedule: "panaderia",
    description: "Pan dulce y pan francés horneados dos veces al día en horno de leña. Hacemos pedidos de quesadilla y semita para fiestas.",
    facebook: "panaderiasantalucia", instagram: "panaderiasantalucia.sv", web: true },
  { name: "Panadería y Pastelería El Trigal", category: "panaderias", department: "Sonsonate", area: "Centro",
    address: "Calle Obispo Marroquín #7, Barrio El Ángel, Sonsonate", menu: "pan", schedule: "panaderia",
    description: "Pasteles para cumpleaños, bodas y quince años, además del pan de cada día. Decoramos con el diseño que nos traigas.",
    domain: "eltrigal.com.sv", facebook: "pasteleriaeltrigal" },
  { name: "Semitas y Quesadillas La Tradición", category: "panaderias", department: "San Vicente", area: "Sur",
    address: "2a Avenida Norte #14, Barrio El Santuario, San Vicente", menu: "pan", schedule: "comercio",
    description: "Semita alta, semita pacha y quesadilla de arroz con receta vicentina de tres generaciones.",
    domain: "latradicion.com.sv", textSchedule: true },

  // Café
  { name: "Café Las Brumas", category: "cafe", department: "Ahuachapán", area: "Centro",
    address: "Avenida Central #3, Barrio El Centro, Concepción de Ataco", menu: "cafe", schedule: "cafe",
    description: "Café de altura de la Ruta de las Flores, tostado en casa. Métodos de filtrado, repostería artesanal y murales de Ataco alrededor.",
    web: true, instagram: "cafelasbrumas", facebook: "cafelasbrumas", tiktok: "cafelasbrumas" },
  { name: "Café El Boquerón", category: "cafe", department: "La Libertad", area: "Sur",
    address: "Carretera al Boquerón km 12, Cantón El Progreso, Santa Tecla", menu: "cafe", schedule: "cafe",
    description: "Terraza entre cafetales con vista a la ciudad. Café de nuestra finca en las faldas del volcán de San Salvador.",
    web: true, instagram: "cafeelboqueron" },
  { name: "Café de Altura Perquín", category: "cafe", department: "Morazán", area: "Norte",
    address: "Barrio El Centro, calle a la Ruta de Paz, Perquín", menu: "cafe", schedule: "comercio",
    description: "Cooperativa de pequeños productores de la montaña de Morazán. Café orgánico, miel de abeja y rosquillas.",
    facebook: "cafeperquin" },
  { name: "Tostaduría Alegría", category: "cafe", department: "Usulután", area: "Norte",
    address: "Calle a la Laguna de Alegría #9, Barrio El Calvario, Alegría", menu: "cafe", schedule: "cafe",
    description: "Tostamos a pedido café de la sierra Tecapa-Chinameca. Molido a tu gusto para cafetera, prensa o greca.",
    instagram: "tostaduriaalegria", textSchedule: true },

  // Artesanías
  { name: "Artesanías de Ilobasco", category: "artesanias", department: "Cabañas", area: "Oeste",
    address: "Calle Bernardo Perdomo #21, Barrio San Miguel, Ilobasco", menu: "barro", schedule: "tienda",
    description: "Miniaturas y sorpresas de barro, nacimientos y cerámica pintada a mano por familias artesanas de Ilobasco.",
    web: true, facebook: "artesaniasdeilobasco", instagram: "artesaniasilobasco" },
  { name: "Hamacas y Tejidos Nahuizalco", category: "artesanias", department: "Sonsonate", area: "Norte",
    address: "Mercado de artesanías, puesto 14, Barrio El Centro, Nahuizalco", menu: "tejidos", schedule: "tienda",
    description: "Hamacas, petates y muebles de mimbre y tule tejidos por artesanos nahuizalqueños.",
    domain: "tejidosnahuizalco.com.sv", facebook: "tejidosnahuizalco" },
  { name: "Taller Colores de La Palma", category: "artesanias", department: "Chalatenango", area: "Norte",
    address: "Calle Principal #33, Barrio San Antonio, La Palma", menu: "pintura", schedule: "comercio",
    description: "Artesanía pintada al estilo de La Palma: cruces, cajitas, llaveros y cuadros de colores alegres.",
    domain: "coloresdelapalma.com.sv", instagram: "coloresdelapalma" },
  { name: "Barro Negro Guatajiagua", category: "artesanias", department: "Morazán", area: "Sur",
    address: "Barrio El Centro, calle al cantón Maiguera, Guatajiagua", menu: "barro-negro", schedule: "comercio",
    description: "Cerámica de barro negro lenca, hecha y quemada a la manera tradicional. Comales, ollas y jarrones.",
    domain: "barronegro.com.sv", noWhatsapp: true },

  // Ropa y calzado
  { name: "Zapatería El Buen Paso", category: "ropa-y-calzado", department: "San Salvador", area: "Centro",
    address: "Calle Rubén Darío #512, Centro Histórico, San Salvador", menu: "calzado", schedule: "tienda",
    description: "Calzado de cuero hecho en El Salvador para toda la familia: escolares, de vestir y botas de trabajo.",
    facebook: "zapateriaelbuenpaso", web: true },
  { name: "Modas Yesenia", category: "ropa-y-calzado", department: "San Miguel", area: "Centro",
    address: "Avenida Roosevelt Sur #210, Barrio El Calvario, San Miguel", menu: "modas", schedule: "tienda",
    description: "Ropa para dama y caballero, vestidos de fiesta y uniformes. Hacemos ajustes el mismo día.",
    instagram: "modasyesenia", tiktok: "modasyesenia" },
  { name: "Típicos y Bordados Chalateco", category: "ropa-y-calzado", department: "Chalatenango", area: "Sur",
    address: "2a Calle Oriente #8, Barrio El Centro, Chalatenango", menu: "tipicos", schedule: "comercio",
    description: "Blusas bordadas, guayaberas y trajes típicos para bailes folclóricos y fiestas patronales.",
    domain: "bordadoschalateco.com.sv", facebook: "bordadoschalateco" },

  // Belleza
  { name: "Salón de Belleza Glamour", category: "belleza", department: "Usulután", area: "Este",
    address: "Calle Grimaldi #23, Barrio La Merced, Usulután", menu: "salon", schedule: "tienda",
    description: "Cortes, tintes, alisados y maquillaje para eventos. Productos profesionales para el cuidado del cabello.",
    instagram: "glamourusulutan", facebook: "glamourusulutan" },
  { name: "Barbería El Clásico", category: "belleza", department: "La Libertad", area: "Este",
    address: "Calle El Boquerón #15, Colonia Santa Elena, Antiguo Cuscatlán", menu: "barberia", schedule: "tienda",
    description: "Cortes clásicos y modernos, afeitado con navaja y toalla caliente. Reserva por WhatsApp.",
    instagram: "barberiaelclasico", tiktok: "barberiaelclasico" },
  { name: "Spa Natural Apaneca", category: "belleza", department: "Ahuachapán", area: "Centro",
    address: "Ruta de las Flores km 91, Barrio San Pedro, Apaneca", menu: "spa", schedule: "playa",
    description: "Jabones artesanales, aceites y cremas de café, sábila y flores de la Ruta. Masajes con cita previa.",
    web: true, instagram: "spanaturalapaneca" },

  // Ferreterías
  { name: "Ferretería El Constructor", category: "ferreterias", department: "San Salvador", area: "Oeste",
    address: "Carretera Troncal del Norte km 12, Barrio El Centro, Apopa", menu: "ferreteria", schedule: "ferreteria",
    description: "Materiales de construcción, herramientas y pinturas. Entregas a domicilio en Apopa, Nejapa y alrededores.",
    facebook: "ferreteriaelconstructor", web: true },
  { name: "Ferretería La Económica", category: "ferreterias", department: "La Unión", area: "Norte",
    address: "Avenida General Larios #40, Barrio El Centro, Santa Rosa de Lima", menu: "ferreteria", schedule: "ferreteria",
    description: "Todo para la obra y el hogar a precios de mayoreo: cemento, hierro, tubería y electricidad.",
    noWhatsapp: true },
  { name: "Ferretería y Materiales San José", category: "ferreterias", department: "Cuscatlán", area: "Sur",
    address: "Calle José María Rivas #19, Barrio San Nicolás, Cojutepeque", menu: "ferreteria", schedule: "ferreteria",
    description: "Servimos a maestros de obra y familias de Cojutepeque desde hace 25 años. Cortamos lámina y tubo a la medida.",
    domain: "materialessanjose.com.sv", textSchedule: true },

  // Tecnología
  { name: "TecnoCentro Metapán", category: "tecnologia", department: "Santa Ana", area: "Norte",
    address: "Avenida Benjamín Estrada Valiente #2, Barrio San Pedro, Metapán", menu: "tecnologia", schedule: "tienda",
    description: "Computadoras, celulares y accesorios con garantía. Reparación de equipos y recargas.",
    facebook: "tecnocentrometapan", web: true },
  { name: "Celulares y Accesorios El Punto", category: "tecnologia", department: "San Salvador", area: "Este",
    address: "Boulevard del Ejército km 4, Centro Comercial Unicentro local 12, Soyapango", menu: "tecnologia", schedule: "tienda",
    description: "Celulares liberados, fundas, cargadores y audífonos. Cambio de pantalla en una hora.",
    domain: "elpuntocel.com.sv", instagram: "elpuntocel", tiktok: "elpuntocel" },
  { name: "Compu Servicios Zacatecoluca", category: "tecnologia", department: "La Paz", area: "Este",
    address: "Avenida Juan Vicente Villacorta #11, Barrio El Centro, Zacatecoluca", menu: "tecnologia", schedule: "comercio",
    description: "Venta y mantenimiento de computadoras, impresoras y redes para hogares, escuelas y pequeñas empresas.",
    domain: "compuservicios.com.sv", web: true },

  // Farmacias
  { name: "Farmacia San Rafael", category: "farmacias", department: "Chalatenango", area: "Centro",
    address: "Barrio El Centro, frente a la iglesia, Nueva Concepción", menu: "farmacia", schedule: "farmacia",
    description: "Medicamentos genéricos y de marca, productos naturales y toma de presión sin costo.",
    facebook: "farmaciasanrafaelnc" },
  { name: "Farmacia La Salud", category: "farmacias", department: "Usulután", area: "Oeste",
    address: "Calle Principal #8, Barrio El Centro, Jiquilisco", menu: "farmacia", schedule: "farmacia",
    description: "Atención farmacéutica de confianza en Jiquilisco. Servicio a domicilio en el casco urbano.",
    domain: "farmacialasalud.com.sv", textSchedule: true },

  // Mascotas
  { name: "Veterinaria Patitas", category: "mascotas", department: "La Libertad", area: "Norte",
    address: "Avenida 14 de Diciembre #33, Barrio El Centro, Quezaltepeque", menu: "veterinaria", schedule: "comercio",
    description: "Consultas, vacunas y baño para perros y gatos. Tienda de alimentos y accesorios.",
    instagram: "veterinariapatitas", facebook: "veterinariapatitas" },
  { name: "Agroveterinaria El Ganadero", category: "mascotas", department: "San Miguel", area: "Oeste",
    address: "Calle Principal #17, Barrio El Calvario, Chinameca", menu: "agroveterinaria", schedule: "ferreteria",
    description: "Alimentos, medicinas y accesorios para mascotas, aves de corral y ganado.",
    domain: "elganadero.com.sv" },

  // Hogar
  { name: "Hogar y Decoración Casa Linda", category: "hogar", department: "San Salvador", area: "Centro",
    address: "Avenida Bernal #240, Colonia Miramonte, San Salvador", menu: "decoracion", schedule: "tienda",
    description: "Decoración, cocina y textiles para el hogar. Ideas para regalo y listas de boda.",
    web: true, instagram: "casalindasv", facebook: "casalindasv", tiktok: "casalindasv" },
  { name: "Muebles Artesanales El Cedro", category: "hogar", department: "San Vicente", area: "Norte",
    address: "Barrio El Centro, calle a Santa Clara, Apastepeque", menu: "muebles", schedule: "comercio",
    description: "Muebles de madera de cedro y conacaste hechos a mano: mesas, sillas, roperos y camas a la medida.",
    domain: "mueblesdelcedro.com.sv", facebook: "mueblesdelcedro" },

  // Floristerías
  { name: "Floristería Las Gardenias", category: "floristerias", department: "Santa Ana", area: "Oeste",
    address: "Avenida 2 de Abril #16, Barrio Las Ánimas, Chalchuapa", menu: "flores", schedule: "tienda",
    description: "Arreglos florales para cumpleaños, bodas y condolencias. Entregas en Chalchuapa y Santa Ana.",
    instagram: "floristerialasgardenias" },
  { name: "Flores de Los Planes", category: "floristerias", department: "San Salvador", area: "Sur",
    address: "Carretera a Los Planes de Renderos km 10, Panchimalco", menu: "flores", schedule: "playa",
    description: "Flores y plantas cultivadas en Los Planes de Renderos: rosas, girasoles, orquídeas y suculentas.",
    domain: "floresdelosplanes.com.sv", web: true, facebook: "floresdelosplanes" },

  // Librerías
  { name: "Librería y Papelería El Estudiante", category: "librerias", department: "Cabañas", area: "Este",
    address: "Calle Doctor Jesús Velasco #4, Barrio El Calvario, Sensuntepeque", menu: "libreria", schedule: "comercio",
    description: "Útiles escolares, libros de texto, fotocopias e impresiones. Listas escolares completas.",
    domain: "elestudiante.com.sv", facebook: "libreriaelestudiante" },
  { name: "Librería Cervantes", category: "librerias", department: "La Unión", area: "Sur",
    address: "Avenida General Cabañas #6, Barrio Concepción, La Unión", menu: "libreria", schedule: "comercio",
    description: "Literatura salvadoreña y universal, libros infantiles y papelería fina en el puerto de La Unión.",
    domain: "libreriacervantes.com.sv", web: true },

  // Deportes
  { name: "Deportes El Golazo", category: "deportes", department: "Sonsonate", area: "Este",
    address: "Calle Real #20, Barrio Dolores, Izalco", menu: "futbol", schedule: "tienda",
    description: "Uniformes para equipos, balones, tacos y trofeos. Estampamos nombres y números.",
    instagram: "deporteselgolazo", tiktok: "deporteselgolazo" },
  { name: "Surf y Playa El Tunco", category: "deportes", department: "La Libertad", area: "Costa",
    address: "Playa El Tunco, calle principal, Tamanique", menu: "surf", schedule: "playa",
    description: "Alquiler y venta de tablas, clases de surf para principiantes y ropa de playa.",
    domain: "surfeltunco.com.sv", web: true, instagram: "surfeltunco" },

  // Solicitudes pendientes y una rechazada
  { name: "Pupusería Doña Mila", category: "comida-tipica", department: "San Salvador", area: "Norte",
    address: "Calle a Guazapa #7, Barrio El Calvario, Aguilares", menu: "pupusas", schedule: "registro",
    description: "Pupusas de chicharrón, frijol con queso y loroco. Abrimos de tarde y noche.",
    textSchedule: true, status: "pending" },
  { name: "Taller de Bicicletas Ruedas", category: "deportes", department: "Morazán", area: "Sur",
    address: "Avenida Morazán #15, Barrio El Centro, San Francisco Gotera", menu: "futbol", schedule: "registro",
    description: "Reparación y venta de bicicletas, repuestos y accesorios para ciclistas.",
    textSchedule: true, status: "pending", facebook: "bicicletasruedas" },
  { name: "Cosméticos Naturales Bella Flor", category: "belleza", department: "La Paz", area: "Centro",
    address: "Calle Principal #3, Barrio San Sebastián, San Pedro Nonualco", menu: "spa", schedule: "registro",
    description: "Jabones, champús y cremas de elaboración propia con plantas de la zona.",
    textSchedule: true, status: "pending", instagram: "bellaflornaturales" },
  { name: "Todo a Dólar Express", category: "hogar", department: "Santa Ana", area: "Centro",
    address: "Santa Ana", menu: "decoracion", schedule: "registro",
    description: "Venta de todo.",
    textSchedule: true, status: "rejected",
    rejectionReason: "La dirección está incompleta y no pudimos comunicarnos al teléfono indicado. Envía una dirección con calle, barrio o colonia y un número de contacto activo." },
];
