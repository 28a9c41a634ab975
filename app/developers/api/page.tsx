import { connection } from 'next/server';
import { v1OpenApiDocument } from '@/lib/http/openapi/v1-contract';
import { ApiReference } from './_components/api-reference';
import type { ApiDocument } from './_components/openapi-types';

export const metadata = { title: 'Integration API reference' };

/**
 * /developers/api: the integration API's reference for a retailer's developers (docs/api.md), public as the
 * document it shows is (GET /api/v1/openapi.json). Rendered per request, as every page is, so Next's scripts
 * carry the request's CSP nonce (proxy.ts).
 */
export default async function ApiReferencePage() {
  await connection();
  return <ApiReference document={v1OpenApiDocument() as unknown as ApiDocument} />;
}
