/**
 * The parts of an OpenAPI 3.1 document the reference page reads (lib/http/openapi/v1-contract.ts generates it).
 * Only what the page shows; the document itself is the one GET /api/v1/openapi.json serves.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
  example?: unknown;
};

export type MediaType = { schema?: Schema; examples?: Record<string, { value: unknown; summary?: string }> };
export type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
export type Response = { description?: string; content?: Record<string, MediaType> };
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
};
export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { description?: string }> };
};

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** An operation with where it lives, in the order the document lists them. */
export type Located = { method: string; path: string; operation: Operation; anchor: string };

export function operationsOf(items: Record<string, Record<string, Operation>> | undefined, prefix: string): Located[] {
  return Object.entries(items ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      method,
      path,
      operation: item[method],
      anchor: `${prefix}-${item[method].operationId ?? `${method}${path}`}`,
    })),
  );
}

export const refName = (ref: string) => ref.replace('#/components/schemas/', '');
export const schemaAnchor = (name: string) => `schema-${name}`;
