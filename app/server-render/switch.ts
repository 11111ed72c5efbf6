/**
 * `SERVER_RENDER=react` turns this folder's shortcuts off, to measure what they save (README):
 * read by `npm run build` (no React writer patch in the server build) and by the server at
 * start (every card, review included, goes through React). The HTML is the same either way.
 */
export const reactOnly = () => process.env.SERVER_RENDER === "react";
