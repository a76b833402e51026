// The thin typed fetch under the client: openapi-fetch over the types generated from the OpenAPI
// document, and the one place an HTTP refusal becomes a SandboxError.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./api.js";

/** Every schema of the served OpenAPI document, by name: `Schemas["BankAccount"]`. */
export type Schemas = components["schemas"];

export type Api = Client<paths>;

/**
 * A refusal by the sandbox: `status` is the HTTP status, `message` the body's (a NestJS body's
 * `message`, its items joined by "; " when there are several, or an `{ "error" }` body's error), and
 * `messages` each of them.
 */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  readonly status: number;
  readonly messages: string[];
  /** The answer's body as sent. */
  readonly body: unknown;

  constructor(status: number, messages: string[], body: unknown) {
    super(messages.length > 0 ? messages.join("; ") : `HTTP ${status}`);
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
}

/** The header that makes a /v0 GET the operator's read: every entity, not journaled, never faulted. */
const OPERATOR_READ = { "Banks-Sandbox-Read": "operator" };

/** The two clients of one sandbox: the control API's, and the operator's reads of /v0. */
export function clients(baseUrl: string, adminToken?: string): { control: Api; reads: Api } {
  const auth: Record<string, string> = adminToken ? { Authorization: `Bearer ${adminToken}` } : {};
  return {
    control: createClient<paths>({ baseUrl, headers: auth }),
    reads: createClient<paths>({ baseUrl, headers: { ...auth, ...OPERATOR_READ } }),
  };
}

type Answer = { data?: unknown; error?: unknown; response: Response };

/** The body of a 2xx answer, or a SandboxError for anything else. */
export async function answer<R extends Answer>(call: Promise<R>): Promise<NonNullable<R["data"]>> {
  const { data, error, response } = await call;
  if (!response.ok) throw refusal(response.status, error);
  return data as NonNullable<R["data"]>;
}

export function refusal(status: number, body: unknown): SandboxError {
  const messages: string[] = [];
  if (body && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (Array.isArray(message)) messages.push(...message.map(String));
    else if (typeof message === "string") messages.push(message);
    else if (typeof error === "string") messages.push(error);
  } else if (typeof body === "string" && body.length > 0) {
    messages.push(body);
  }
  return new SandboxError(status, messages, body);
}

interface Page<T> {
  data: T[];
  has_next: boolean;
  cursor?: string | null;
}

/** Every item of a paged list, first page first. */
export async function everyPage<T>(page: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const answered = await page(cursor);
    items.push(...answered.data);
    if (!answered.has_next || !answered.cursor) return items;
    cursor = answered.cursor;
  }
}
