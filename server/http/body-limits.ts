/**
 * Largest JSON body of every route (Fastify's `bodyLimit`): the longest valid form (a merchant
 * with every text at its maximum, in 3-byte characters) stays under half of it, so anything
 * bigger is an attack or a mistake and answers 413 before it is parsed.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The administrator's catalogue upload (the CSV is read in the browser and sent as JSON to
 * POST /api/admin/bulk-upload-products): thousands of rows with long descriptions fit.
 * Image uploads are multipart and keep their own per-file limits (@fastify/multipart).
 */
export const BULK_BODY_LIMIT = 4 * 1024 * 1024;
