/**
 * What the demo merchants sell, by kind of shop ("menu"). Each merchant takes a run of
 * its menu's items (server/demo/seed.ts), so two pupuserías share some dishes.
 * Columns: name, price in dollars, description ("\n" starts a new line).
 */
export type DemoItem = readonly [name: string, price: string, description: string];

export type DemoMenu =
  | "pupusas"
  | "mariscos"
  | "antojitos"
  | "pan"
  | "cafe"
  | "barro"
  | "tejidos"
  | "pintura"
  | "barro-negro"
  | "calzado"
  | "modas"
  | "tipicos"
  | "salon"
  | "barberia"
  | "spa"
  | "ferreteria"
  | "tecnologia"
  | "farmacia"
  | "veterinaria"
  | "agroveterinaria"
  | "decoracion"
  | "muebles"
  | "flores"
  | "libreria"
  | "futbol"
  | "surf";

// prettier-ignore
export const DEMO_MENUS: Record<DemoMenu, readonly DemoItem[]> = {
  pupusas: [
    ["Pupusa revuelta", "0.75", "Masa de maíz rellena de chicharrón molido, frijol y queso, cocida en comal de barro.\nSe sirve con curtido y salsa de tomate."],
    ["Pupusa de queso con loroco", "0.90", "Queso fresco y flor de loroco. La favorita de la casa."],
    ["Pupusa de frijol con queso", "0.75", "Frijoles rojos volteados y queso en masa de maíz."],
    ["Pupusa de chicharrón", "0.80", "Chicharrón de cerdo molido con tomate y chile verde."],
    ["Pupusa de arroz revuelta", "0.85", "Masa de arroz al estilo de Olocuilta: crujiente por fuera y suave por dentro."],
    ["Pupusa de ayote con queso", "0.90", "Ayote tierno con queso, sin carne."],
    ["Pupusa de camarón", "1.75", "Camarón salteado con queso y un toque de ajo."],
    ["Pupusa de jalapeño con queso", "0.90", "Para los que aguantan el picante: chile jalapeño y queso derretido."],
    ["Pupusa de mora con queso", "0.90", "Hojas de mora y queso, receta de los pueblos."],
    ["Orden familiar de 12 pupusas", "9.00", "Doce pupusas a escoger entre revueltas, queso con loroco y frijol con queso.\nIncluye curtido y salsa para toda la familia."],
    ["Curtido y salsa extra", "0.50", "Repollo, zanahoria y cebolla en vinagre con orégano, más salsa de tomate casera."],
    ["Chocolate caliente de tablilla", "1.25", "Chocolate de tablilla batido con leche o agua, el compañero de las pupusas."],
  ],
  mariscos: [
    ["Cóctel de camarón", "6.50", "Camarones cocidos en salsa de tomate con cebolla, cilantro y limón. Servido con galletas."],
    ["Sopa de mariscos", "9.50", "Caldo de pescado con camarón, cangrejo, almeja y pescado.\nSe acompaña con arroz y tortillas."],
    ["Pescado frito entero", "8.00", "Pargo del día frito entero con arroz, ensalada y tortillas.\nPregunta por el tamaño disponible."],
    ["Conchas negras (docena)", "12.00", "Conchas negras frescas preparadas con limón, cebolla y salsa inglesa."],
    ["Camarones al ajillo", "10.50", "Camarones salteados en mantequilla y ajo, con arroz y papas fritas."],
    ["Ceviche de pescado", "5.50", "Pescado curtido en limón con cebolla, tomate y cilantro."],
    ["Mariscada para dos", "24.00", "Langosta, camarones, pescado y conchas para compartir frente al mar."],
    ["Horchata de morro (litro)", "2.00", "Horchata de semilla de morro con canela, bien fría."],
  ],
  antojitos: [
    ["Yuca frita con chicharrón", "3.50", "Yuca cocida y frita con chicharrón, curtido y salsa."],
    ["Pastelitos de carne (orden de 5)", "2.50", "Pastelitos de masa de maíz rellenos de carne y papa, crujientes."],
    ["Empanadas de leche (3)", "1.50", "Plátano maduro relleno de poleada, espolvoreado con azúcar."],
    ["Tamales de gallina (2)", "2.50", "Masa con gallina, papa y garbanzo, envueltos en hoja de plátano."],
    ["Tamales pisques (3)", "1.50", "Tamales de frijol molido, perfectos con crema y café."],
    ["Atol de elote", "1.00", "Atol de maíz tierno con canela, servido caliente en guacal."],
    ["Chilate con nuégados", "2.75", "Chilate de maíz con nuégados de yuca en miel de panela, plátano en miel y camote."],
    ["Sopa de gallina india", "6.50", "Gallina india en caldo con verduras, arroz y tortillas.\nSolo sábados y domingos."],
    ["Panes con chumpe", "3.00", "Pan francés relleno de pavo en salsa, con berro, rábano y pepino."],
    ["Riguas de elote (2)", "2.00", "Riguas de elote tierno asadas en hoja de huerta, con crema y queso."],
    ["Elote loco", "1.75", "Elote cocido con mayonesa, salsa inglesa, mostaza y queso rallado."],
    ["Fresco de ensalada (litro)", "1.75", "Fresco de piña, marañón y manzana picada, bien helado."],
  ],
  pan: [
    ["Pan francés (2 unidades)", "0.25", "Pan francés recién salido del horno, crujiente por fuera."],
    ["Quesadilla salvadoreña", "1.50", "Quesadilla de arroz con queso duro y crema, horneada hasta dorar. Porción individual."],
    ["Quesadilla entera", "8.50", "Molde de 9 pulgadas para compartir en la merienda."],
    ["Semita alta de piña", "3.00", "Semita de dos capas rellena de jalea de piña."],
    ["Semita pacha", "0.50", "Semita delgada con dulce de panela."],
    ["Salpores de arroz (bolsa)", "1.25", "Galletas de harina de arroz, secas y perfectas para el café."],
    ["Marquesote", "4.00", "Bizcocho esponjoso tradicional, para fiestas o para acompañar el chocolate."],
    ["Torta de yema", "0.35", "Pan dulce suave de yema de huevo."],
    ["Pan dulce surtido (docena)", "3.00", "Doce piezas surtidas: peperechas, cachos, conchas y tortas de yema."],
    ["Cachitos de mantequilla (6)", "1.80", "Cuernitos hojaldrados de mantequilla."],
    ["Pastel tres leches", "18.00", "Pastel tres leches para 12 porciones, decorado con merengue.\nPedido con 24 horas de anticipación."],
    ["Budín de pan", "1.00", "Budín de pan con pasas y canela, por porción."],
    ["Pan de molde integral", "2.25", "Pan de caja integral sin preservantes."],
    ["Pastel de cumpleaños decorado", "25.00", "Pastel de vainilla o chocolate para 20 personas con el diseño que elijas.\nIncluye mensaje escrito."],
  ],
  cafe: [
    ["Café molido de altura (1 lb)", "7.50", "Café arábica de altura, tueste medio, molido para cafetera."],
    ["Café en grano tueste oscuro (1 lb)", "8.00", "Granos enteros de tueste oscuro con notas a chocolate y panela."],
    ["Café pacamara (12 oz)", "12.00", "Variedad salvadoreña pacamara de lote especial.\nNotas florales y cítricas, tueste claro."],
    ["Café americano", "1.50", "Taza de 12 onzas del café de la casa."],
    ["Capuchino", "2.50", "Espresso doble con leche espumada y canela."],
    ["Café helado de panela", "3.00", "Café frío endulzado con panela y un toque de canela."],
    ["Chocolate de tablilla (6 tablillas)", "4.50", "Cacao salvadoreño con canela y azúcar, para preparar en agua o leche."],
    ["Pan con frijoles y café", "3.50", "Desayuno sencillo: pan francés con frijoles molidos, queso y café."],
    ["Desayuno típico", "5.50", "Huevos picados, frijoles fritos, plátano, queso, crema y tortillas.\nIncluye café o chocolate."],
    ["Miel de abeja (botella de 750 ml)", "6.00", "Miel pura de flor de cafetal, cosecha de la temporada."],
    ["Cheesecake de café", "3.25", "Porción de pastel de queso con cobertura de café."],
    ["Taza de barro pintada", "8.00", "Taza de barro hecha en Ilobasco para el café de todos los días."],
    ["Prensa francesa (600 ml)", "22.00", "Cafetera de émbolo de vidrio y acero, para 4 tazas."],
    ["Café descafeinado (12 oz)", "9.00", "Descafeinado por proceso de agua, sin químicos, tueste medio."],
    ["Latte de canela", "2.75", "Espresso con leche caliente y canela de la casa."],
    ["Recorrido por el cafetal", "15.00", "Recorrido guiado por la finca, del cafeto a la taza, con degustación.\nReserva con un día de anticipación."],
  ],
  barro: [
    ["Sorpresas de barro (caja de 6)", "6.00", "Pequeñas cápsulas de barro que esconden escenas de la vida cotidiana. Tradición de Ilobasco."],
    ["Nacimiento de barro pintado", "18.00", "Nacimiento de 12 piezas pintado a mano.\nSe entrega envuelto para viaje."],
    ["Miniaturas de frutas de barro (12)", "5.00", "Canasta en miniatura con frutas de barro pintadas."],
    ["Alcancía de gallina", "4.50", "Alcancía de barro en forma de gallina, pintada con colores vivos."],
    ["Campanas de barro (juego de 3)", "7.50", "Campanas decorativas para el corredor o el jardín."],
    ["Tazas de barro pintadas (par)", "9.00", "Dos tazas de barro esmaltado con flores pintadas a mano."],
  ],
  tejidos: [
    ["Hamaca matrimonial de colores", "35.00", "Hamaca tejida a mano con hilo de algodón, para dos personas.\nIncluye cuerdas para colgar."],
    ["Hamaca de pita", "28.00", "Hamaca tradicional de pita, fresca y resistente."],
    ["Silla hamaca", "22.00", "Silla colgante tejida, ideal para corredores y terrazas."],
    ["Petate de tule", "12.00", "Petate de 1.5 × 2 metros tejido a mano con tule de la zona."],
    ["Canasta de mimbre", "10.00", "Canasta tejida con asa, para el mercado o para regalo."],
    ["Mecedora de mimbre", "85.00", "Mecedora de madera y mimbre tejido, hecha por artesanos de Nahuizalco."],
  ],
  pintura: [
    ["Cruz de madera pintada", "9.50", "Cruz de pino pintada con paisajes, casitas y palomas al estilo de La Palma."],
    ["Cajita pintada a mano", "5.00", "Cajita de madera con motivos de La Palma, para joyas o recuerdos."],
    ["Llaveros de madera (3)", "3.00", "Llaveros pintados con colores alegres, recuerdo de El Salvador."],
    ["Cuadro de pueblo salvadoreño", "45.00", "Pintura acrílica sobre madera con escena de pueblo.\nMedidas: 40 × 30 cm."],
    ["Servilletero pintado", "6.00", "Servilletero de madera con flores y pájaros."],
    ["Portarretratos pintado", "8.50", "Marco de madera pintado a mano para fotografía de 4 × 6 pulgadas."],
  ],
  "barro-negro": [
    ["Comal de barro negro", "7.00", "Comal para tortillas y pupusas, curado y listo para usar."],
    ["Olla de barro negro", "15.00", "Olla lenca para frijoles y sopas: conserva el calor y el sabor."],
    ["Jarrón de barro negro", "20.00", "Jarrón pulido a mano con dibujos tradicionales lencas."],
    ["Cántaro de barro negro", "12.00", "Cántaro para agua fresca, hecho y quemado a la manera tradicional."],
    ["Juego de tazas de barro negro (4)", "16.00", "Cuatro tazas con asa para café o chocolate."],
    ["Incensario de barro negro", "9.00", "Incensario para copal, como se usa en las fiestas del pueblo."],
  ],
  calzado: [
    ["Zapato escolar negro", "24.00", "Zapato de cuero negro con suela antideslizante, tallas 28 a 40."],
    ["Botas de trabajo con punta de acero", "48.00", "Botas de cuero con punta de acero y suela de hule, hechas en El Salvador."],
    ["Caites de cuero", "15.00", "Sandalias tradicionales de cuero y suela de llanta, hechas a mano."],
    ["Mocasines de cuero para caballero", "39.00", "Mocasín café de cuero suave, cómodo para la oficina."],
    ["Sandalias de cuero para dama", "18.00", "Sandalias de tacón bajo en cuero, en varios colores."],
    ["Cincho de cuero grabado", "14.00", "Cincho de cuero con tu nombre grabado."],
  ],
  modas: [
    ["Vestido de fiesta", "55.00", "Vestido largo de satén.\nEl ajuste a la medida está incluido."],
    ["Jeans para caballero", "19.50", "Pantalón de mezclilla corte recto, tallas 28 a 40."],
    ["Camisa polo bordada", "12.50", "Polo de algodón con el logo de tu empresa o escuela bordado (mínimo 6)."],
    ["Uniforme escolar completo", "28.00", "Camisa, pantalón o falda y corbata, según el colegio."],
    ["Blusa de algodón para dama", "14.00", "Blusa fresca de algodón, tallas S a XL."],
    ["Camisa formal para caballero", "18.00", "Camisa manga larga de vestir, blanca o celeste."],
  ],
  tipicos: [
    ["Blusa bordada a mano", "22.00", "Blusa de manta con bordado de flores en el cuello y las mangas."],
    ["Guayabera de lino", "32.00", "Guayabera manga corta de lino, blanca o celeste. Tallas S a XXL."],
    ["Traje típico de baile para niña", "45.00", "Falda amplia y blusa bordada para bailes folclóricos, tallas 4 a 12."],
    ["Traje típico para niño", "35.00", "Camisa y pantalón de manta con pañuelo rojo, tallas 4 a 12."],
    ["Sombrero de palma", "8.00", "Sombrero de palma tejido a mano, para el sol del campo o de la playa."],
    ["Chal bordado", "16.00", "Chal de algodón con bordado de flores chalatecas."],
  ],
  salon: [
    ["Corte de dama con secado", "10.00", "Corte, lavado y secado con cepillo."],
    ["Tinte completo", "30.00", "Tinte de raíz a puntas con productos profesionales.\nEl precio puede variar según el largo del cabello."],
    ["Alisado de keratina", "65.00", "Tratamiento de keratina que alisa y da brillo hasta por tres meses."],
    ["Maquillaje para evento", "25.00", "Maquillaje profesional para bodas, quince años y graduaciones."],
    ["Manicure y pedicure", "15.00", "Limado, cutícula, esmaltado y masaje de manos y pies."],
    ["Peinado para evento", "20.00", "Recogidos, ondas y trenzas para tu fiesta."],
  ],
  barberia: [
    ["Corte de cabello para caballero", "5.00", "Corte con máquina y tijera, incluye lavado."],
    ["Corte y barba", "8.00", "Corte de cabello y arreglo de barba con navaja y toalla caliente."],
    ["Arreglo de barba", "4.00", "Perfilado de barba con navaja."],
    ["Corte infantil", "4.00", "Corte para niños menores de 12 años."],
    ["Cera para peinar", "6.50", "Cera de fijación media con acabado mate."],
    ["Aceite para barba", "9.00", "Aceite de coco y romero que suaviza y da brillo a la barba."],
  ],
  spa: [
    ["Jabón artesanal de café", "3.50", "Jabón exfoliante hecho con café de Apaneca y aceite de coco."],
    ["Crema de sábila", "6.00", "Crema hidratante de sábila y manzanilla, sin perfume."],
    ["Aceite de coco virgen (250 ml)", "5.50", "Aceite de coco prensado en frío, para piel y cabello."],
    ["Champú de romero", "7.00", "Champú natural de romero que fortalece el cabello."],
    ["Masaje relajante de 60 minutos", "35.00", "Masaje de cuerpo completo con aceites esenciales.\nSolo con cita previa."],
    ["Canasta de regalo spa", "18.00", "Jabón, crema, aceite y vela aromática en canasta de mimbre."],
  ],
  ferreteria: [
    ["Cemento gris (bolsa de 42.5 kg)", "9.75", "Cemento de uso general para construcción."],
    ["Martillo de uña de 16 oz", "8.50", "Martillo con mango de fibra de vidrio y agarre de hule."],
    ["Juego de desarmadores (6 piezas)", "7.25", "Desarmadores planos y de estrella con punta imantada."],
    ["Cinta métrica de 5 m", "4.50", "Cinta métrica con freno y gancho reforzado."],
    ["Pintura látex blanca (galón)", "16.00", "Pintura de agua lavable para interiores y exteriores."],
    ["Lámina galvanizada de 12 pies", "14.50", "Lámina acanalada calibre 28 para techos.\nLa cortamos a la medida que necesites."],
    ["Tubo PVC de 1/2 pulgada (6 m)", "3.25", "Tubo para agua potable de 315 PSI."],
    ["Varilla de hierro de 3/8", "5.80", "Varilla corrugada grado 40 de 6 metros."],
    ["Taladro percutor de 1/2 pulgada", "65.00", "Taladro de 650 W con percutor y maletín.\nGarantía de un año."],
    ["Candado de latón de 40 mm", "6.00", "Candado con tres llaves y arco de acero endurecido."],
    ["Focos LED de 9 W (3 unidades)", "4.25", "Luz blanca que ahorra hasta 80 % de energía."],
    ["Machete de 22 pulgadas", "9.00", "Machete de acero al carbono con cacha de madera."],
    ["Carretilla de construcción", "55.00", "Carretilla con llanta neumática y bandeja reforzada."],
    ["Clavos de 2 1/2 pulgadas (libra)", "1.10", "Clavos de acero para madera, por libra."],
  ],
  tecnologia: [
    ["Laptop reacondicionada Core i5", "450.00", "Laptop de 14 pulgadas con 16 GB de RAM y disco SSD de 512 GB.\nIncluye Windows, cargador y garantía de 6 meses."],
    ["Celular Android de 128 GB", "189.00", "Pantalla de 6.5 pulgadas, cámara triple y batería de 5000 mAh. Liberado para todas las compañías."],
    ["Audífonos inalámbricos", "24.99", "Audífonos bluetooth con estuche de carga y hasta 20 horas de batería."],
    ["Cargador rápido USB-C de 20 W", "12.50", "Cargador de pared con cable de 1 metro."],
    ["Funda y vidrio templado", "8.00", "Funda antigolpes y protector de pantalla instalado en la tienda."],
    ["Cambio de pantalla de celular", "45.00", "Reemplazo de pantalla para los modelos más comunes en una hora.\nEl precio varía según el modelo."],
    ["Memoria USB de 64 GB", "9.50", "Memoria USB 3.0 para guardar tareas y fotos."],
    ["Impresora multifuncional de tinta continua", "229.00", "Imprime, copia y escanea; miles de páginas por botella de tinta."],
    ["Mantenimiento de computadora", "20.00", "Limpieza interna, cambio de pasta térmica y optimización del sistema."],
    ["Router wifi de doble banda", "39.00", "Router para casa u oficina pequeña, configuración incluida."],
    ["Teclado y mouse inalámbricos", "19.00", "Combo con teclado en español y receptor USB."],
    ["Parlante bluetooth resistente al agua", "29.00", "Parlante portátil con 12 horas de batería, ideal para la playa."],
    ["Recarga de saldo", "1.00", "Recarga para cualquier compañía desde un dólar."],
    ["Cámara de seguridad wifi", "35.00", "Cámara con visión nocturna y aplicación para verla desde el celular."],
  ],
  farmacia: [
    ["Acetaminofén 500 mg (caja de 100)", "3.50", "Tabletas para el dolor y la fiebre. Lee las indicaciones del empaque."],
    ["Suero oral (sobre)", "0.45", "Sales de rehidratación oral sabor a naranja."],
    ["Vitamina C de 1000 mg (30 tabletas)", "6.75", "Tabletas efervescentes para apoyar las defensas."],
    ["Alcohol gel (500 ml)", "2.95", "Gel antibacterial al 70 % con sábila."],
    ["Termómetro digital", "5.50", "Lectura en 60 segundos y punta flexible."],
    ["Tensiómetro de brazo", "32.00", "Medidor de presión arterial automático con memoria de 60 lecturas."],
    ["Protector solar FPS 50", "11.00", "Protector solar resistente al agua para cara y cuerpo."],
    ["Pañales etapa 3 (paquete de 40)", "12.50", "Pañales con gel absorbente y cintas ajustables."],
    ["Botiquín de primeros auxilios", "15.00", "Gasas, vendas, esparadrapo, alcohol, curitas y tijera en un estuche."],
    ["Té de manzanilla (25 sobres)", "1.75", "Infusión de manzanilla para después de las comidas."],
  ],
  veterinaria: [
    ["Concentrado para perro adulto (20 lb)", "18.50", "Alimento balanceado con proteína de pollo y arroz."],
    ["Concentrado para gato (3 kg)", "11.00", "Croquetas para gatos adultos sabor pescado."],
    ["Consulta veterinaria", "15.00", "Revisión general con la doctora: peso, temperatura y recomendaciones."],
    ["Vacuna antirrábica", "10.00", "Aplicación de la vacuna con carné de vacunación.\nTrae a tu mascota con collar o en transportadora."],
    ["Baño y corte para perro pequeño", "12.00", "Baño con champú medicado, corte de uñas y limpieza de oídos."],
    ["Collar con placa grabada", "6.50", "Collar ajustable y placa con el nombre y el teléfono."],
  ],
  agroveterinaria: [
    ["Desparasitante para perro (tableta)", "3.00", "Tableta de amplio espectro según el peso de tu perro."],
    ["Maíz para gallinas (quintal)", "26.00", "Maíz amarillo para aves de corral."],
    ["Vitaminas para aves (frasco)", "4.50", "Vitaminas y electrolitos para el agua de bebida."],
    ["Concentrado para cerdos (quintal)", "32.00", "Alimento de engorde con minerales."],
    ["Bebedero para pollos", "3.50", "Bebedero plástico de 4 litros."],
    ["Alimento para cachorro (10 lb)", "11.50", "Croquetas pequeñas para perros de 2 a 12 meses."],
  ],
  decoracion: [
    ["Juego de sábanas matrimonial", "24.00", "Sábanas de algodón de 200 hilos con dos fundas."],
    ["Mantel bordado", "18.00", "Mantel de manta bordado a mano para mesa de seis sillas."],
    ["Set de ollas de aluminio (5 piezas)", "45.00", "Ollas de aluminio grueso con tapadera, hechas para durar."],
    ["Cojines de tela típica (2)", "15.00", "Fundas de tela típica con relleno."],
    ["Vela aromática de canela", "6.50", "Vela de cera de soya en vaso de vidrio, 40 horas."],
    ["Espejo con marco de madera", "29.00", "Espejo de 60 × 40 cm con marco tallado."],
    ["Vajilla de barro (4 puestos)", "36.00", "Platos, tazas y pocillos de barro esmaltado."],
  ],
  muebles: [
    ["Mesa de comedor de cedro", "320.00", "Mesa de cedro para seis personas, acabado natural.\nSe fabrica en tres semanas; la entrega en San Vicente está incluida."],
    ["Silla de madera y junco", "38.00", "Silla tradicional con asiento tejido de junco."],
    ["Ropero de dos puertas", "275.00", "Ropero de conacaste con gavetas y barra para colgar."],
    ["Cama matrimonial de cedro", "350.00", "Cama de cedro con cabecera tallada a mano."],
    ["Banco de madera", "25.00", "Banco de conacaste para cocina o corredor."],
    ["Mecedora de madera", "120.00", "Mecedora de cedro con asiento y respaldo de junco."],
  ],
  flores: [
    ["Ramo de 12 rosas rojas", "25.00", "Rosas rojas con follaje y papel coreano."],
    ["Arreglo de girasoles", "20.00", "Girasoles y margaritas en canasta de mimbre."],
    ["Orquídea en maceta", "18.00", "Orquídea phalaenopsis en maceta de barro decorada."],
    ["Corona fúnebre", "45.00", "Corona de flores blancas con cinta y mensaje.\nEntrega el mismo día si pides antes del mediodía."],
    ["Centro de mesa para boda", "30.00", "Rosas blancas y eucalipto en base de vidrio."],
    ["Suculentas en maceta (3)", "9.00", "Tres suculentas en macetas pequeñas de barro."],
    ["Ramo de flores silvestres", "12.00", "Flores de temporada cortadas esa misma mañana."],
    ["Bouquet de novia", "55.00", "Bouquet a la medida, con prueba de colores previa."],
    ["Helecho colgante", "10.00", "Helecho en maceta colgante, ideal para corredores."],
  ],
  libreria: [
    ["Cuaderno universitario (100 hojas)", "1.60", "Cuaderno de espiral rayado o cuadriculado."],
    ["Lista escolar básica de primaria", "18.50", "Cuadernos, lápices, colores, borrador, sacapuntas, regla y pegamento.\nPregunta por la lista de tu escuela."],
    ["Lápices de colores (caja de 24)", "4.25", "Colores de madera con punta resistente."],
    ["Diccionario escolar", "8.00", "Diccionario de la lengua española con más de 40,000 palabras."],
    ["Cuentos de barro, de Salarrué", "12.00", "Clásico de la literatura salvadoreña en edición escolar."],
    ["Jícaras tristes, de Alfredo Espino", "9.50", "Poemas de Alfredo Espino en edición de bolsillo."],
    ["Leyendas salvadoreñas para niños", "7.50", "El Cipitío, la Siguanaba y otras leyendas, con ilustraciones a color."],
    ["Fotocopias (ciento)", "2.50", "Fotocopias tamaño carta en blanco y negro."],
    ["Resma de papel bond tamaño carta", "5.25", "500 hojas de papel bond de 75 g."],
    ["Mochila escolar", "16.00", "Mochila con compartimiento para laptop y bolsas laterales."],
  ],
  futbol: [
    ["Balón de fútbol número 5", "18.00", "Balón cosido a mano para cancha de grama o de tierra."],
    ["Uniforme de fútbol completo", "16.50", "Camisa, short y calcetas con número estampado.\nPrecio por jugador, mínimo 10."],
    ["Tacos de fútbol", "42.00", "Tacos para grama natural, tallas 36 a 44."],
    ["Trofeo de campeonato", "22.00", "Trofeo de 40 cm con placa grabada."],
    ["Guantes de portero", "14.00", "Guantes con palma de látex y protección de dedos."],
    ["Espinilleras", "8.00", "Espinilleras livianas con tobillera."],
  ],
  surf: [
    ["Tabla de surf de 7 pies (usada)", "180.00", "Tabla de espuma para principiantes, en buen estado.\nIncluye leash y cera."],
    ["Clase de surf para principiantes", "30.00", "Dos horas con instructor y tabla incluida."],
    ["Alquiler de tabla por día", "15.00", "Tabla de surf por día completo."],
    ["Lycra con protección solar", "20.00", "Camisa de manga larga con protección UV 50."],
    ["Cera para tabla", "3.00", "Cera para agua tropical."],
    ["Toalla de playa", "12.00", "Toalla grande de microfibra que se seca rápido."],
  ],
};
