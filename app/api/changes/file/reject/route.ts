import { rejectMasterdataChange } from '@/lib/domain/masterdata/reject-masterdata-change';
import { rejectRecordSchema } from '@/lib/domain/masterdata/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/file/reject {process_id, reason, event_type, status}: rejects a master-data change (reason required). */
export const POST = route({ allow: 'masterdata.approve', body: rejectRecordSchema }, ({ actor, body }) =>
  rejectMasterdataChange(actor, body),
);
