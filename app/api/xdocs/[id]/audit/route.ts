import { z } from 'zod';
import { listDocumentAudit } from '@/lib/domain/documents/audit';
import { route } from '@/lib/http/route';

const params = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /xdocs/{id}/audit (tinyMce or numeric id): the document's audit trail, newest first. */
export const GET = route({ allow: 'documents.read', params }, ({ actor, params }) => listDocumentAudit(actor.scope, params.id));
