import type { IntegrationForm } from '@/lib/domain/integrations/schemas';

/**
 * The portal's own domain code, loaded in the test against `databaseUrl`: its modules read the environment
 * once, when first loaded (lib/env.ts, db/client.ts), so they are imported only after DATABASE_URL is set.
 * Tests use it for their setup (an integration and its key, events), as an admin or an act would.
 */
export async function loadDomain(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const [{ db, pool }, { actorOfUser }, { createIntegration }, { recordEvents }] = await Promise.all([
    import('@/db/client'),
    import('@/lib/auth/actor'),
    import('@/lib/domain/integrations/manage-integrations'),
    import('@/lib/domain/integrations/record-event'),
  ]);

  /** An integration made by the seed's portal admin (m2_admin) for the subsidiaries with these codes. */
  async function newIntegration(form: Omit<IntegrationForm, 'subsidiaries'> & { subsidiaryCodes: string[] }) {
    const { rows: admins } = await pool.query<{ id: number }>(`select id from users where email = 'admin@portal.test'`);
    const actor = await actorOfUser(admins[0].id);
    if (!actor) throw new Error('The seed has no portal admin.');
    const { rows } = await pool.query<{ id: number }>(`select id from subsidiaries where code = any($1::text[]) order by id`, [
      form.subsidiaryCodes,
    ]);
    const { subsidiaryCodes, ...rest } = form;
    if (rows.length !== subsidiaryCodes.length) throw new Error(`Unknown subsidiary among ${subsidiaryCodes.join(', ')}`);
    return createIntegration(actor, { ...rest, subsidiaries: rows.map((r) => r.id) });
  }

  return { db, pool, recordEvents, newIntegration };
}
