import { DEPARTMENTS, type Department } from "./el-salvador";
import { stripAccents } from "./slug";

/**
 * The 262 districts (the municipalities before 2024) under their 44 municipalities, as the
 * Ley Especial para la Reestructuración Municipal (Decreto Legislativo 762, 2023, art. on
 * the distribution by department) lists them, in its order, with each historic name's
 * accents ('Distrito de San Salvador y Capital de la República' is 'San Salvador'). Kept
 * apart from el-salvador.ts so that pages which only list departments do not carry it.
 */
const DISTRICTS_BY_MUNICIPALITY: Readonly<Record<string, readonly string[]>> = {
  "Ahuachapán Norte": ["Atiquizaya", "El Refugio", "San Lorenzo", "Turín"],
  "Ahuachapán Centro": ["Ahuachapán", "Apaneca", "Concepción de Ataco", "Tacuba"],
  "Ahuachapán Sur": ["Guaymango", "Jujutla", "San Francisco Menéndez", "San Pedro Puxtla"],
  "San Salvador Norte": ["Aguilares", "El Paisnal", "Guazapa"],
  "San Salvador Oeste": ["Apopa", "Nejapa"],
  "San Salvador Este": ["Ilopango", "San Martín", "Soyapango", "Tonacatepeque"],
  "San Salvador Centro": [
    "Ayutuxtepeque",
    "Mejicanos",
    "San Salvador",
    "Cuscatancingo",
    "Ciudad Delgado",
  ],
  "San Salvador Sur": [
    "Panchimalco",
    "Rosario de Mora",
    "San Marcos",
    "Santo Tomás",
    "Santiago Texacuangos",
  ],
  "La Libertad Norte": ["Quezaltepeque", "San Matías", "San Pablo Tacachico"],
  "La Libertad Centro": ["San Juan Opico", "Ciudad Arce"],
  "La Libertad Oeste": ["Colón", "Jayaque", "Sacacoyo", "Tepecoyo", "Talnique"],
  "La Libertad Este": [
    "Antiguo Cuscatlán",
    "Huizúcar",
    "Nuevo Cuscatlán",
    "San José Villanueva",
    "Zaragoza",
  ],
  "La Libertad Costa": ["Chiltiupán", "Jicalapa", "La Libertad", "Tamanique", "Teotepeque"],
  "La Libertad Sur": ["Comasagua", "Santa Tecla"],
  "Chalatenango Norte": ["La Palma", "Citalá", "San Ignacio"],
  "Chalatenango Centro": [
    "Nueva Concepción",
    "Tejutla",
    "La Reina",
    "Agua Caliente",
    "Dulce Nombre de María",
    "El Paraíso",
    "San Fernando",
    "San Francisco Morazán",
    "San Rafael",
    "Santa Rita",
  ],
  "Chalatenango Sur": [
    "Chalatenango",
    "Arcatao",
    "Azacualpa",
    "Comalapa",
    "Concepción Quezaltepeque",
    "El Carrizal",
    "La Laguna",
    "Las Vueltas",
    "Nombre de Jesús",
    "Nueva Trinidad",
    "Ojos de Agua",
    "Potonico",
    "San Antonio de La Cruz",
    "San Antonio Los Ranchos",
    "San Francisco Lempa",
    "San Isidro Labrador",
    "San José Cancasque",
    "San Miguel de Mercedes",
    "San José Las Flores",
    "San Luis del Carmen",
  ],
  "Cuscatlán Norte": [
    "Suchitoto",
    "San José Guayabal",
    "Oratorio de Concepción",
    "San Bartolomé Perulapía",
    "San Pedro Perulapán",
  ],
  "Cuscatlán Sur": [
    "Cojutepeque",
    "San Rafael Cedros",
    "Candelaria",
    "Monte San Juan",
    "El Carmen",
    "San Cristóbal",
    "Santa Cruz Michapa",
    "San Ramón",
    "El Rosario",
    "Santa Cruz Analquito",
    "Tenancingo",
  ],
  "Cabañas Este": ["Sensuntepeque", "Victoria", "Dolores", "Guacotecti", "San Isidro"],
  "Cabañas Oeste": ["Ilobasco", "Tejutepeque", "Jutiapa", "Cinquera"],
  "La Paz Oeste": [
    "Cuyultitán",
    "Olocuilta",
    "San Juan Talpa",
    "San Luis Talpa",
    "San Pedro Masahuat",
    "Tapalhuaca",
    "San Francisco Chinameca",
  ],
  "La Paz Centro": [
    "El Rosario",
    "Jerusalén",
    "Mercedes La Ceiba",
    "Paraíso de Osorio",
    "San Antonio Masahuat",
    "San Emigdio",
    "San Juan Tepezontes",
    "San Luis La Herradura",
    "San Miguel Tepezontes",
    "San Pedro Nonualco",
    "Santa María Ostuma",
    "Santiago Nonualco",
  ],
  "La Paz Este": ["San Juan Nonualco", "San Rafael Obrajuelo", "Zacatecoluca"],
  "La Unión Norte": [
    "Anamorós",
    "Bolívar",
    "Concepción de Oriente",
    "El Sauce",
    "Lislique",
    "Nueva Esparta",
    "Pasaquina",
    "Polorós",
    "San José La Fuente",
    "Santa Rosa de Lima",
  ],
  "La Unión Sur": [
    "Conchagua",
    "El Carmen",
    "Intipucá",
    "La Unión",
    "Meanguera del Golfo",
    "San Alejo",
    "Yayantique",
    "Yucuaiquín",
  ],
  "Usulután Norte": [
    "Santiago de María",
    "Alegría",
    "Berlín",
    "Mercedes Umaña",
    "Jucuapa",
    "El Triunfo",
    "Estanzuelas",
    "San Buenaventura",
    "Nueva Granada",
  ],
  "Usulután Este": [
    "Usulután",
    "Jucuarán",
    "San Dionisio",
    "Concepción Batres",
    "Santa María",
    "Ozatlán",
    "Tecapán",
    "Santa Elena",
    "California",
    "Ereguayquín",
  ],
  "Usulután Oeste": ["Jiquilisco", "Puerto El Triunfo", "San Agustín", "San Francisco Javier"],
  "Sonsonate Norte": ["Juayúa", "Nahuizalco", "Salcoatitán", "Santa Catarina Masahuat"],
  "Sonsonate Centro": [
    "Sonsonate",
    "Sonzacate",
    "Nahulingo",
    "San Antonio del Monte",
    "Santo Domingo de Guzmán",
  ],
  "Sonsonate Este": [
    "Izalco",
    "Armenia",
    "Caluco",
    "San Julián",
    "Cuisnahuat",
    "Santa Isabel Ishuatán",
  ],
  "Sonsonate Oeste": ["Acajutla"],
  "Santa Ana Norte": ["Masahuat", "Metapán", "Santa Rosa Guachipilín", "Texistepeque"],
  "Santa Ana Centro": ["Santa Ana"],
  "Santa Ana Este": ["Coatepeque", "El Congo"],
  "Santa Ana Oeste": [
    "Candelaria de la Frontera",
    "Chalchuapa",
    "El Porvenir",
    "San Antonio Pajonal",
    "San Sebastián Salitrillo",
    "Santiago de La Frontera",
  ],
  "San Vicente Norte": [
    "Apastepeque",
    "Santa Clara",
    "San Ildefonso",
    "San Esteban Catarina",
    "San Sebastián",
    "San Lorenzo",
    "Santo Domingo",
  ],
  "San Vicente Sur": [
    "San Vicente",
    "Guadalupe",
    "Verapaz",
    "Tepetitán",
    "Tecoluca",
    "San Cayetano Istepeque",
  ],
  "San Miguel Norte": [
    "Ciudad Barrios",
    "Sesori",
    "Nuevo Edén de San Juan",
    "San Gerardo",
    "San Luis de La Reina",
    "Carolina",
    "San Antonio del Mosco",
    "Chapeltique",
  ],
  "San Miguel Centro": ["San Miguel", "Comacarán", "Uluazapa", "Moncagua", "Quelepa", "Chirilagua"],
  "San Miguel Oeste": [
    "Chinameca",
    "Nueva Guadalupe",
    "Lolotique",
    "San Jorge",
    "San Rafael Oriente",
    "El Tránsito",
  ],
  "Morazán Norte": [
    "Arambala",
    "Cacaopera",
    "Corinto",
    "El Rosario",
    "Joateca",
    "Jocoaitique",
    "Meanguera",
    "Perquín",
    "San Fernando",
    "San Isidro",
    "Torola",
  ],
  "Morazán Sur": [
    "Chilanga",
    "Delicias de Concepción",
    "El Divisadero",
    "Gualococti",
    "Guatajiagua",
    "Jocoro",
    "Lolotiquillo",
    "Osicala",
    "San Carlos",
    "San Francisco Gotera",
    "San Simón",
    "Sensembra",
    "Sociedad",
    "Yamabal",
    "Yoloaiquín",
  ],
};

export interface District {
  /** Its historic name, as the decree writes it: 'Soyapango'. */
  name: string;
  municipality: string;
  department: Department;
  /**
   * The name that says which one it is on its own: the name, or, for the few names two or
   * three municipalities share ('El Rosario', 'El Carmen', 'San Isidro', 'San Lorenzo',
   * 'San Fernando'), 'El Rosario (La Paz Centro)'. Delivery lists, fees by place and the
   * zone filter store and show this.
   */
  label: string;
}

const named: Omit<District, "label">[] = DEPARTMENTS.flatMap((department) =>
  department.municipalities.flatMap((municipality) =>
    (DISTRICTS_BY_MUNICIPALITY[municipality] ?? []).map((name) => ({
      name,
      municipality,
      department: department.name,
    })),
  ),
);
const timesNamed = new Map<string, number>();
for (const { name } of named) timesNamed.set(name, (timesNamed.get(name) ?? 0) + 1);

/** Every district, department by department in the order of DEPARTMENTS. */
export const DISTRICTS: readonly District[] = named.map((d) => ({
  ...d,
  label: timesNamed.get(d.name)! > 1 ? `${d.name} (${d.municipality})` : d.name,
}));

/** The districts of a municipality, in the decree's order; none for an unknown name. */
export function districtsOf(municipality: string): readonly string[] {
  return DISTRICTS_BY_MUNICIPALITY[municipality] ?? [];
}

export function isDistrictOf(municipality: string, district: string): boolean {
  return districtsOf(municipality).includes(district);
}

/** Folded for comparison: no accents, no case, single spaces. */
export const foldPlace = (text: string) =>
  stripAccents(text).trim().toLowerCase().replace(/\s+/g, " ");

let byLabel: Map<string, District> | undefined;
let byName: Map<string, District[]> | undefined;

/**
 * The districts a text names, accents and case aside: its label ('el rosario (la paz
 * centro)') names one; a shared name ('el rosario') names each district called so.
 */
export function findDistricts(text: string): readonly District[] {
  if (!byLabel || !byName) {
    byLabel = new Map(DISTRICTS.map((d) => [foldPlace(d.label), d]));
    byName = new Map();
    for (const d of DISTRICTS) {
      const key = foldPlace(d.name);
      byName.set(key, [...(byName.get(key) ?? []), d]);
    }
  }
  const key = foldPlace(text);
  const one = byLabel.get(key);
  return one ? [one] : (byName.get(key) ?? []);
}

/** The district of that municipality a text names ('soyapango' → 'Soyapango'), if any. */
export function findDistrictOf(municipality: string, text: string): District | undefined {
  return findDistricts(text).find((d) => d.municipality === municipality);
}
