'use client';

import { useState } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';

type Preference = { code: string; group: string; disabled: boolean };

/** One toggle per group of codes; after a toggle the list is loaded again from the server (spec §4). */
export function EmailPreferences({ initial }: { initial: Preference[] }) {
  const [preferences, setPreferences] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const snackbar = useSnackbar();
  const groups = [...new Set(preferences.map((p) => p.group))].map((group) => {
    const members = preferences.filter((p) => p.group === group);
    return { group, codes: members.map((p) => p.code), enabled: members.every((p) => !p.disabled) };
  });

  async function toggle(group: string, codes: string[], enabled: boolean) {
    setBusy(group);
    // The box shows the choice at once; the list from the server then replaces it (or the old state on failure).
    const before = preferences;
    setPreferences(preferences.map((p) => (codes.includes(p.code) ? { ...p, disabled: enabled } : p)));
    try {
      await api.put('/users/preferences/email', { codes, disabled: enabled });
      setPreferences(await api.get<Preference[]>('/users/preferences/email/settings'));
    } catch {
      setPreferences(before);
      snackbar.show('Your e-mail preferences could not be saved.', 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section>
      <header className="page__header">
        <h1 className="page__title">E-mail preferences</h1>
      </header>
      <div className="card">
        <p className="muted">Choose which notification e-mails you receive. Invitations and password e-mails are always sent.</p>
        {/* The checkbox beside its words (.check), as the other check lists; .form-stack stacked them apart. */}
        <ul className="plain-list check-list check-list--wide" aria-label="Notification e-mails">
          {groups.map(({ group, codes, enabled }) => (
            <li key={group}>
              <label className="check">
                <input type="checkbox" checked={enabled} disabled={busy !== null} onChange={() => toggle(group, codes, enabled)} /> {group}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
