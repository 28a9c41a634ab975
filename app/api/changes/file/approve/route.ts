import { approveMasterdataChange } from '@/lib/domain/masterdata/approve-masterdata-change';
import { approveRecordSchema } from '@/lib/domain/masterdata/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/file/approve {process_id, event_type, status}: applies a master-data change; {message}. */
export const POST = route({ allow: 'masterdata.approve', body: approveRecordSchema }, ({ actor, body }) =>
  approveMasterdataChange(actor, body),
);
