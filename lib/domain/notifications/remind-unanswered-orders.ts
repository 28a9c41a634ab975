import { sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { usersReadingVendor } from '../../auth/actor';
import { env } from '../../env';
import { wantsCode } from './notify';
import { SOUTH_AFRICAN_TODAY } from '../south-african-today';

/**
 * The worker's order-reminder sweep: a notification (`order-reminder`) for each supplier user of each open purchase
 * order (unanswered, not a return) whose delivery date is within ORDER_REMINDER_DAYS from today. The unique index
 * notifications_reminder_uq makes it once per order and user, however often the sweep runs; the digest sends it.
 * Answers how many reminders were written.
 */
export async function remindUnansweredOrders({ days = env.ORDER_REMINDER_DAYS } = {}): Promise<number> {
  const written = await db.execute(sql`insert into notifications (user_id, code, xdoc_id, summary)
    select u.id, 'order-reminder', d.id, jsonb_build_object(
      'title', 'Unanswered ' || d.xdoc_type_descr || ' ' || d.docno || ', delivery ' || to_char(d.delivery_date, 'DD-MM-YYYY'),
      'vendor', v.name || ' (' || v.code || ')', 'store', s.name || ' (' || s.code || ')',
      'path', '/?tab=orders&doc=' || d.tiny_mce, 'tab', 'orders')
    from xdocs d
    join vendors v on v.id = d.vendor_id
    left join stores s on s.id = d.store_id
    join users u on u.id in (${usersReadingVendor(sql`d.vendor_id`)})
    where d.xdoc_type_code = 'order' and d.responded_at is null and d.xdoc_sub_type_code is distinct from 'return'
      and d.delivery_date between ${SOUTH_AFRICAN_TODAY} and ${SOUTH_AFRICAN_TODAY} + ${days}::int
      and ${wantsCode('order-reminder')}
    on conflict (user_id, xdoc_id) where code = 'order-reminder' do nothing`);
  return written.rowCount ?? 0;
}
