/** The answer while the database cannot be reached: the API's 503 message and the pages' text. */
export const SERVICE_UNAVAILABLE_MESSAGE = "Servicio no disponible, intenta de nuevo";
