import { json } from '@/lib/http/errors';
import { v1OpenApiDocument } from '@/lib/http/openapi/v1-contract';
import { route } from '@/lib/http/route';

/**
 * GET /api/v1/openapi.json: the integration API's OpenAPI 3.1 document (docs/api.md, "Integration API reference").
 * Public: a retailer's developer and their tools read it before they have a key. It changes only with a release,
 * so caches may keep it a few minutes.
 */
export const GET = route({ public: true }, async () => json(v1OpenApiDocument(), 200, { 'cache-control': 'public, max-age=300' }));
