'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format';
import { NewIntegrationDialog } from './new-integration-dialog';
import { SecretOnce } from './secret-once';
import { scopeWords, statusOf, type Integration, type Subsidiary } from './types';

/**
 * The integrations screen (issue 23, docs/api.md): the retailer's connected systems with their subsidiaries,
 * scopes, webhook, last use and status; new ones, key rotation and revocation (each asked first), and a link to
 * each one's webhook deliveries. Keys appear only in the dialog right after they are made.
 */
export function IntegrationsScreen({ initial, onlySubsidiary }: { initial: Integration[]; onlySubsidiary: Subsidiary | null }) {
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [rows, setRows] = useState(initial);
  const [creating, setCreating] = useState(false);
  const [rotated, setRotated] = useState<{ id: number; name: string; key: string } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  async function reload() {
    try {
      setRows((await api.get<{ data: Integration[] }>('/integrations')).data);
    } catch {
      snackbar.show('Could not load the integrations again; reload the page.', 'error');
    }
  }

  async function rotate(row: Integration) {
    const yes = await confirm({
      title: `Rotate the key of ${row.name}?`,
      text: 'A new key is made and shown once. The current key stops working at once: the system must be given the new one.',
      confirmLabel: 'Rotate key',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      const answer = await api.post<Integration & { key: string }>(`/integrations/${row.id}/rotate`);
      setRotated({ id: row.id, name: answer.name, key: answer.key });
      void reload();
    } catch (e) {
      snackbar.show(e instanceof Error && e.message ? e.message : 'The key was not rotated.', 'error');
    }
  }

  async function revoke(row: Integration) {
    const yes = await confirm({
      title: `Revoke ${row.name}?`,
      text: 'Its key stops working at once and no more webhooks are sent to it. This cannot be undone: a new integration would need a new key.',
      confirmLabel: 'Revoke',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      const answer = await api.del<{ message: string }>(`/integrations/${row.id}`);
      snackbar.show(answer.message, 'success');
      await reload();
    } catch (e) {
      snackbar.show(e instanceof Error && e.message ? e.message : 'The integration was not revoked.', 'error');
    }
    // Its Rotate and Revoke buttons are gone now: focus goes to what stays of its row.
    document.getElementById(`integration-${row.id}-deliveries`)?.focus();
  }

  const columns: Column<Integration>[] = [
    { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name, sortType: 'text' },
    {
      id: 'subsidiaries',
      header: 'Subsidiaries',
      cell: (r) => r.subsidiaryNames.join(', '),
    },
    {
      id: 'scopes',
      // The new-integration dialog's own words for the scopes; a bare "May" read as a month.
      header: 'What it may do',
      label: 'What it may do',
      cell: (r) => (
        <ul className="plain-list">
          {r.scopes.map((s) => (
            <li key={s}>{scopeWords(s)}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'webhook',
      header: 'Webhook URL',
      cell: (r) =>
        r.webhookUrls.length ? (
          <span className="break-anywhere">
            {r.webhookUrls.map((url) => (r.disabledWebhookUrls.includes(url) ? `${url} (disabled)` : url)).join(', ')}
          </span>
        ) : (
          <span className="muted">None (events feed)</span>
        ),
    },
    { id: 'key', header: 'Key starts', cell: (r) => <code>{r.keyHint}…</code> },
    {
      id: 'created',
      header: 'Created',
      cell: (r) => formatDateTime(r.createdAt),
      sortValue: (r) => formatDateTime(r.createdAt),
      sortType: 'date',
    },
    {
      id: 'lastUsed',
      header: 'Last used',
      cell: (r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt) : <span className="muted">Never</span>),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => {
        const status = statusOf(r);
        return <span className={`badge badge--${status.tone}`}>{status.label}</span>;
      },
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (r) => (
        <span className="row">
          <Link id={`integration-${r.id}-deliveries`} className="btn btn--sm" href={`/integrations/${r.id}/deliveries`}>
            Deliveries<span className="visually-hidden"> of {r.name}</span>
          </Link>
          {r.revokedAt ? null : (
            <>
              <button id={`integration-${r.id}-rotate`} type="button" className="btn btn--sm btn--secondary" onClick={() => void rotate(r)}>
                Rotate key<span className="visually-hidden"> of {r.name}</span>
              </button>
              <button type="button" className="btn btn--sm btn--danger" onClick={() => void revoke(r)}>
                Revoke<span className="visually-hidden"> {r.name}</span>
              </button>
            </>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="integrations">
      <header className="page__header">
        <h1 className="page__title">Integrations</h1>
        <button ref={newButton} type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
          New integration
        </button>
      </header>
      <p className="muted integrations__intro">
        The retailer’s systems connected through the API (<code>/api/v1</code>): each has a key of its own, acts for its subsidiaries only
        and may do only what it is given.
      </p>
      <SortableTable
        caption={rows.length === 1 ? '1 integration' : `${rows.length} integrations`}
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        emptyMessage="No integrations yet."
        card={{ title: 'name', fields: ['subsidiaries', 'scopes', 'webhook', 'key', 'created', 'lastUsed', 'status', 'actions'] }}
      />
      {creating ? (
        <NewIntegrationDialog
          onlySubsidiary={onlySubsidiary}
          onClose={() => setCreating(false)}
          returnFocus={() => newButton.current}
          onCreated={(integration) => {
            snackbar.show(`${integration.name} has been created`, 'success');
            void reload();
          }}
        />
      ) : null}
      {rotated ? (
        <Modal
          open
          size="md"
          onOpenChange={(open) => (open ? undefined : setRotated(null))}
          // Opened after the confirmation closed, when the row's button had focus again only for a moment.
          returnFocus={() => document.getElementById(`integration-${rotated.id}-rotate`)}
          title={`New key of ${rotated.name}`}
          description="Copy the key now: you will not see it again. The old key no longer works."
          footer={
            <button type="button" className="btn btn--primary" onClick={() => setRotated(null)}>
              Done, I have copied it
            </button>
          }
        >
          <SecretOnce label="API key" value={rotated.key} />
        </Modal>
      ) : null}
      {dialog}
    </section>
  );
}
