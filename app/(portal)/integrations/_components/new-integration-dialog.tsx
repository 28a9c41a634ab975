'use client';

import { useState, type FormEvent } from 'react';
import type { Option } from '@/components/lists/filter-panel';
import { LookupChips } from '@/components/lookups/lookup-chips';
import { Modal } from '@/components/ui/modal';
import { api, ApiRequestError, type FieldErrors } from '@/lib/client/api';
import { lookupLabel } from '@/lib/domain/lookups/label';
import { SecretOnce } from './secret-once';
import { SCOPE_WORDS, type Integration, type Subsidiary } from './types';

type Created = Integration & { key: string; webhookSecret: string };

const SCOPES = Object.entries(SCOPE_WORDS);

/**
 * "New integration": the form of POST /integrations, then, in the same dialog, the key and the webhook signing
 * secret, shown this once (only the key's hash is kept, docs/api.md). Closing the dialog forgets them.
 */
export function NewIntegrationDialog({
  onlySubsidiary,
  onClose,
  onCreated,
  returnFocus,
}: {
  /** The portal's one subsidiary, chosen already; null when there are more to look up. */
  onlySubsidiary: Subsidiary | null;
  onClose: () => void;
  onCreated: (integration: Integration) => void;
  /** The opener: the form's dialog gives way to the key's, so Radix's own return would find the form's button gone. */
  returnFocus: () => HTMLElement | null;
}) {
  const [name, setName] = useState('');
  // The subsidiaries are looked up as the user types; one the user has alone is chosen already.
  const [chosen, setChosen] = useState<Option[]>(
    onlySubsidiary ? [{ value: String(onlySubsidiary.id), label: lookupLabel(onlySubsidiary) }] : [],
  );
  const [scopes, setScopes] = useState<string[]>(['documents:write', 'events:read']);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      const body = {
        name,
        subsidiaries: chosen.map((o) => Number(o.value)),
        scopes,
        ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
      };
      const answer = await api.post<Created>('/integrations', body);
      setCreated(answer);
      setErrors({});
      onCreated(answer);
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? (e.errors ?? {}) : {});
      setFailure(e instanceof Error && e.message ? e.message : 'The integration was not created.');
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) =>
    errors[field]?.[0] ? (
      <p id={`new-integration-${field}-error`} className="field__error">
        {errors[field][0]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field]?.[0] ? `new-integration-${field}-error` : undefined);

  if (created) {
    return (
      <Modal
        open
        size="md"
        returnFocus={returnFocus}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={`${created.name} created`}
        description="Copy the key now and keep it safe: you will not see it again. The portal keeps only a fingerprint of it."
        footer={
          <button type="button" className="btn btn--primary" onClick={onClose}>
            Done, I have copied it
          </button>
        }
      >
        <div className="form">
          <SecretOnce label="API key" value={created.key} />
          <p className="field__hint">
            The retailer’s system sends it as <code>Authorization: Bearer …</code> on <code>/api/v1</code>.
          </p>
          {created.webhookUrls.length ? (
            <>
              <SecretOnce label="Webhook signing secret" value={created.webhookSecret} />
              <p className="field__hint">
                The receiver at {created.webhookUrls.join(', ')} checks each webhook’s signature with it (Standard Webhooks). It is not
                shown again either.
              </p>
            </>
          ) : null}
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      size="md"
      returnFocus={returnFocus}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="New integration"
      description="A retailer’s system (an ERP) that sends documents and receives the suppliers’ answers through the API."
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="new-integration" className="btn btn--primary" disabled={busy}>
            Create integration
          </button>
        </>
      }
    >
      <form id="new-integration" className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Name</span>
          <input
            className="input"
            value={name}
            maxLength={120}
            required
            aria-invalid={Boolean(errors.name) || undefined}
            aria-describedby={describedBy('name')}
            onChange={(e) => setName(e.target.value)}
          />
          {fieldError('name')}
        </label>
        <div className="field">
          <label className="field__label" htmlFor="new-integration-subsidiaries">
            Subsidiaries it acts for
          </label>
          <LookupChips
            kind="subsidiary"
            id="new-integration-subsidiaries"
            listLabel="Chosen subsidiaries"
            chosen={chosen}
            onChange={setChosen}
            invalid={Boolean(errors.subsidiaries)}
            describedBy={describedBy('subsidiaries')}
          />
          {fieldError('subsidiaries')}
        </div>
        <fieldset className="fieldset" aria-describedby={describedBy('scopes')}>
          <legend className="field__label">What it may do</legend>
          <div className="check-list check-list--wide">
            {SCOPES.map(([scope, words]) => (
              <label key={scope} className="check">
                <input type="checkbox" checked={scopes.includes(scope)} onChange={() => setScopes(toggle(scopes, scope))} />
                {words}
              </label>
            ))}
          </div>
          {fieldError('scopes')}
        </fieldset>
        <label className="field">
          <span className="field__label">Webhook URL (optional)</span>
          <input
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://erp.example.com/portal-webhooks"
            value={webhookUrl}
            aria-invalid={Boolean(errors.webhookUrl) || undefined}
            aria-describedby={['new-integration-webhook-hint', describedBy('webhookUrl')].filter(Boolean).join(' ')}
            onChange={(e) => setWebhookUrl(e.target.value)}
          />
          <span id="new-integration-webhook-hint" className="field__hint">
            Where the portal POSTs each event, signed. Leave empty if the system reads the events feed instead.
          </span>
          {fieldError('webhookUrl')}
        </label>
        <p className="field__error" role="alert">
          {failure && !Object.keys(errors).length ? failure : ''}
        </p>
      </form>
    </Modal>
  );
}
