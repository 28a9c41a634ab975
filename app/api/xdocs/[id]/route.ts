import { z } from 'zod';
import { markDocumentAsRead } from '@/lib/domain/documents/mark-as-read';
import { openDocument } from '@/lib/domain/documents/open-document';
import { markAsReadBodySchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

const params = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /xdocs/{tinyMce}: the document with lines (det), stored response and invoice reference. */
export const GET = route({ allow: 'documents.read', params }, ({ actor, params }) => openDocument(actor, params.id));

/** PUT /xdocs/{tinyMce} with {confirm: true}: mark as read. */
export const PUT = route({ allow: 'documents.markRead', params, body: markAsReadBodySchema }, ({ actor, params }) =>
  markDocumentAsRead(actor, params.id),
);
