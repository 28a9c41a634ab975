import { updateSubsidiary } from '@/lib/domain/history/selections';
import { updateSubsidiaryQuerySchema } from '@/lib/domain/history/schemas';
import { route } from '@/lib/http/route';

/** GET /history/updateSubsidiary?id=: the history screen's subsidiary, kept on the server (spec §6). */
export const GET = route({ allow: 'history.read', query: updateSubsidiaryQuerySchema, changesState: true }, ({ actor, query }) =>
  updateSubsidiary(actor, query.id),
);
