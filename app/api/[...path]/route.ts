import { NotFoundError } from '@/lib/domain/errors';
import { route } from '@/lib/http/route';

/**
 * Any API address without a handler: a JSON 404 like every other API answer, rather than the portal's
 * page catch-all (app/(portal)/[...screen]). Real handlers take precedence over this one.
 */
const notFound = route({ public: true }, async () => {
  throw new NotFoundError('Not found.');
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
