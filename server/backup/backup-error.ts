/** Errors meant for the operator at the terminal: printed without a stack trace. */
export class BackupError extends Error {}
