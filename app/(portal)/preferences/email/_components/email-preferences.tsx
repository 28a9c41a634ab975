'use client';

import { useRef, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/client/api';
import type { listEmailPreferences } from '@/lib/domain/preferences/email-preferences';
import { emailPreferenceGroupDescription } from '@/lib/vocabulary';
import './email-preferences.css';

/** A code with the user's setting, as GET /users/preferences/email/settings answers it. */
type Preference = Awaited<ReturnType<typeof listEmailPreferences>>[number];
type Status = { text: string; failed?: boolean };

const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');

/**
 * One switch per group of codes (spec §2 "toggles", §4: a toggle flips the group, then the list is loaded again).
 * A switch moves at once; toggles are saved one after another, and the list from the server replaces the
 * screen's only when none is waiting, so a quick second toggle is not undone by the first one's answer. What
 * happened is said in a polite live region: saving, saved, or not saved with the switch put back.
 */
export function EmailPreferences({ initial }: { initial: Preference[] }) {
  const [preferences, setPreferences] = useState(initial);
  const [status, setStatus] = useState<Status>({ text: '' });
  const queue = useRef(Promise.resolve());
  const waiting = useRef(0);
  const groups = [...new Set(preferences.map((p) => p.group))].map((group) => {
    const members = preferences.filter((p) => p.group === group);
    return { group, codes: members.map((p) => p.code), enabled: members.every((p) => !p.disabled) };
  });

  const setGroup = (codes: readonly string[], enabled: boolean) =>
    setPreferences((all) => all.map((p) => (codes.includes(p.code) ? { ...p, disabled: !enabled } : p)));

  function toggle(group: string, codes: string[], enabled: boolean) {
    setGroup(codes, enabled);
    setStatus({ text: `Saving ${group}…` });
    waiting.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        await api.put('/users/preferences/email', { codes, disabled: !enabled });
        const saved = await api.get<Preference[]>('/users/preferences/email/settings');
        if (waiting.current === 1) setPreferences(saved);
        setStatus({ text: `Saved: ${group} e-mails are ${onOff(enabled)}.` });
      } catch {
        setGroup(codes, !enabled);
        setStatus({ text: `Not saved: ${group} e-mails are still ${onOff(!enabled)}. Please try again.`, failed: true });
      } finally {
        waiting.current -= 1;
      }
    });
  }

  return (
    <section className="email-preferences">
      <PageHeader
        title="E-mail preferences"
        intro="Choose which notification e-mails you receive. Invitations and password e-mails are always sent."
      />
      <div className="card">
        <ul className="plain-list email-preferences__list" aria-label="Notification e-mails">
          {groups.map(({ group, codes, enabled }) => (
            <li key={group}>
              <Switch
                label={group}
                description={emailPreferenceGroupDescription(group, codes)}
                checked={enabled}
                onChange={(on) => toggle(group, codes, on)}
              />
            </li>
          ))}
        </ul>
        <p
          className={`email-preferences__status${status.failed ? ' email-preferences__status--failed' : ''}`}
          role="status"
          aria-live="polite"
        >
          {status.text}
        </p>
      </div>
    </section>
  );
}
