'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import type { Answered } from '@/components/lists/first-page';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';
import type { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { formatDateTime } from '@/lib/format';

/** A delivery as GET /integrations/{id}/deliveries answers it (the domain's row, dates as JSON strings). */
export type Delivery = Answered<Awaited<ReturnType<typeof listDeliveries>>['data'][number]>;

const POLL_MS = 5000;

/** Failed for good, or held back: what "Replay all failed" sends again (the server's rule, docs/api.md). */
const isFailedForGood = (d: Delivery) => d.status === 'failed' || d.status === 'disabled';

/** A delivery whose last attempt did not get a 2xx, or that was held back: the ones a Replay is for. */
export const hasFailed = (d: Delivery) => isFailedForGood(d) || (d.status === 'pending' && d.attempts > 0);

/** The table's caption; with none yet the empty row says so, not "The latest 0 deliveries". */
const deliveriesCaption = (count: number) =>
  count === 0 ? 'Deliveries' : count === 1 ? 'One delivery' : `The latest ${count} deliveries, newest first`;

function statusOf(d: Delivery): { label: string; tone: string } {
  if (d.status === 'succeeded') return { label: 'Delivered', tone: 'success' };
  if (d.status === 'failed') return { label: 'Failed, endpoint disabled', tone: 'danger' };
  if (d.status === 'disabled') return { label: 'Not sent (endpoint disabled)', tone: 'danger' };
  if (d.attempts > 0) return { label: 'Failed, will retry', tone: 'warning' };
  return { label: 'Waiting to be sent', tone: '' };
}

/**
 * One integration's webhook deliveries (docs/api.md): what the worker sent, the answer, the attempts and when the
 * next one is due; Replay sends one again now, "Replay all failed" every failed or held one (and turns their
 * endpoint back on). Both are audited by the server.
 */
export function DeliveriesScreen({
  integration,
  initial,
}: {
  integration: { id: number; name: string; revoked: boolean };
  initial: Delivery[];
}) {
  const snackbar = useSnackbar();
  const [rows, setRows] = useState(initial);
  const [loading, setLoading] = useState(false);
  const base = `/integrations/${integration.id}/deliveries`;

  /** `quietly`: the poll's reload, which says nothing unless it fails. */
  const reload = useCallback(
    async (quietly = false) => {
      if (!quietly) setLoading(true);
      try {
        setRows((await api.get<{ data: Delivery[] }>(base)).data);
      } catch {
        snackbar.show('Could not load the deliveries.', 'error');
      } finally {
        if (!quietly) setLoading(false);
      }
    },
    [base, snackbar],
  );

  // While something waits to be sent, the list follows the worker (its retries are seconds to hours apart).
  const waiting = rows.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(true), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  async function replay(delivery?: Delivery) {
    try {
      const answer = await api.post<{ message: string }>(`${base}/replay`, delivery ? { deliveryId: delivery.id } : {});
      snackbar.show(answer.message, 'success');
      await reload();
    } catch (e) {
      snackbar.show(e instanceof Error && e.message ? e.message : 'Nothing was replayed.', 'error');
    }
  }

  const columns: Column<Delivery>[] = [
    { id: 'eventType', header: 'Event type', cell: (d) => d.eventType },
    { id: 'eventId', header: 'Event id', cell: (d) => <code>{d.eventId}</code> },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => {
        const status = statusOf(d);
        return (
          <span className={`badge${status.tone ? ` badge--${status.tone}` : ''}`} title={d.lastError ?? undefined}>
            {status.label}
          </span>
        );
      },
    },
    {
      id: 'responseCode',
      header: 'Response',
      cell: (d) => d.responseCode ?? (d.lastError ? <span className="muted">{d.lastError}</span> : ''),
    },
    { id: 'attempts', header: 'Attempts', cell: (d) => d.attempts, className: 'num' },
    { id: 'lastAttempt', header: 'Last attempt', cell: (d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '') },
    { id: 'nextAttempt', header: 'Next attempt', cell: (d) => (d.status === 'pending' ? formatDateTime(d.nextAttemptAt) : '') },
    { id: 'url', header: 'Sent to', cell: (d) => <span className="break-anywhere">{d.url}</span> },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (d) =>
        hasFailed(d) ? (
          <button type="button" className="btn btn--sm" onClick={() => void replay(d)}>
            Replay
            <span className="visually-hidden">
              {' '}
              {d.eventType} {d.eventId}
            </span>
          </button>
        ) : null,
    },
  ];

  return (
    <section className="deliveries">
      <header className="page__header">
        <h1 className="page__title">Webhook deliveries of {integration.name}</h1>
        <div className="toolbar">
          <Link href="/integrations" className="btn btn--ghost">
            All integrations
          </Link>
          <button type="button" className="btn btn--secondary" onClick={() => void reload()} disabled={loading}>
            Refresh
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void replay()} disabled={!rows.some(isFailedForGood)}>
            Replay all failed
          </button>
        </div>
      </header>
      {integration.revoked ? <p className="muted">This integration is revoked: nothing more is sent to it.</p> : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? 'Loading the deliveries…' : ''}
      </p>
      <SortableTable
        caption={deliveriesCaption(rows.length)}
        columns={columns}
        rows={rows}
        getRowKey={(d) => d.id}
        status={loading && !rows.length ? 'loading' : 'ready'}
        emptyMessage="Nothing has been sent to this integration yet."
        card={{
          title: 'eventType',
          fields: ['eventId', 'status', 'responseCode', 'attempts', 'lastAttempt', 'nextAttempt', 'url', 'actions'],
        }}
      />
    </section>
  );
}
