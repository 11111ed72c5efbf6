/** The fake Wompi's types (wompi.fake.ts): its options, links, transactions and handle. */

/**
 * token: POST /connect/token; link: POST /EnlacePago; linkLookup: GET /EnlacePago/{id};
 * linkEdit: PUT /EnlacePago/{id} and PUT /EnlacePago/{id}/desactivar.
 */
export type FakeWompiEndpoint = "token" | "link" | "linkLookup" | "linkEdit";
/**
 * down: the connection is cut; error: 500; slow: no answer for `slowMs`; html: 200 with an
 * HTML page (a proxy's or a maintenance page); empty: 200 with no body; token-refused: the
 * token endpoint refuses our credentials (400 invalid_client), the API our token (401).
 */
export type FakeWompiFailure = "down" | "error" | "slow" | "html" | "empty" | "token-refused";

export interface FakeWompiOptions {
  appId?: string;
  apiSecret?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** expires_in of the tokens it issues. */
  tokenLifetimeSeconds?: number;
  /** esReal of its transactions (false: a business in Wompi's development mode). */
  realTransactions?: boolean;
  /** Also notify rejected payments (Wompi notifies approved ones only). */
  notifyRejected?: boolean;
  /** How long "slow" holds an answer. */
  slowMs?: number;
}

export interface FakeLink {
  id: number;
  reference: string;
  amount: number;
  productName: string;
  redirectUrl: string;
  webhookUrl: string;
  url: string;
  /** The request body as received, for assertions on what the client sent. */
  request: Record<string, unknown>;
  /** False once deactivated (PUT …/desactivar): its page and pay() refuse. */
  active: boolean;
  /** Every PUT /EnlacePago/{id} body received (its amount edited). */
  edits: Record<string, unknown>[];
}

export interface FakeTransaction {
  id: string;
  linkId: number;
  approved: boolean;
  real: boolean;
  amount: number;
  createdAt: Date;
}

export interface WebhookDelivery {
  url: string;
  body: string;
  signature: string | null;
  /** The receiver's answer; null when it could not be reached. */
  status: number | null;
  response: string;
}

export interface SendWebhookOptions {
  /** Where to POST; the transaction's link's urlWebhook by default. */
  url?: string;
  /** The notification of this transaction (the default body). */
  transaction?: FakeTransaction;
  /** A body of your own: an object is serialized, a string is sent as is. */
  body?: Record<string, unknown> | string;
  /** undefined: signed with the API secret; null: no header; a string: that header. */
  signature?: string | null;
}

export interface FakeWompi {
  /** The server's root: WOMPI_API_URL. */
  url: string;
  apiUrl: string;
  authUrl: string;
  appId: string;
  apiSecret: string;
  /** The variables that point Tiangue at this fake. */
  env: Record<"WOMPI_APP_ID" | "WOMPI_API_SECRET" | "WOMPI_API_URL" | "WOMPI_AUTH_URL", string>;
  links: FakeLink[];
  transactions: FakeTransaction[];
  webhooks: WebhookDelivery[];
  /** Every request to the API and token endpoints, in order ('POST /EnlacePago'). */
  requests: string[];
  tokensIssued: number;
  /** Makes these endpoints (all by default) fail until called again with null. */
  failWith(failure: FakeWompiFailure | null, endpoints?: FakeWompiEndpoint[]): void;
  /** Revokes every token issued so far (the next API call gets 401). */
  expireTokens(): void;
  /**
   * What pressing 'Pagar' (or 'Rechazar') on the link's page does, without a browser; `real`
   * (default: the fake's `realTransactions`) false is a payment of Wompi's test mode.
   */
  pay(
    linkId: number,
    options?: { approved?: boolean; amount?: number; real?: boolean },
  ): Promise<{ transaction: FakeTransaction; redirectUrl: string; webhook?: WebhookDelivery }>;
  /** The exact body Wompi would POST for this transaction. */
  notificationBody(transaction: FakeTransaction): string;
  /** POSTs a notification like Wompi does (see SendWebhookOptions). */
  sendWebhook(options: SendWebhookOptions): Promise<WebhookDelivery>;
  close(): Promise<void>;
}
