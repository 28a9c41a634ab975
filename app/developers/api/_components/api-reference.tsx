import { operationsOf, schemaAnchor, type ApiDocument } from './openapi-types';
import { OperationView } from './operation-view';
import { Prose, SchemaView } from './schema-view';

export const DOCUMENT_PATH = '/api/v1/openapi.json';

/**
 * The integration API's reference, rendered on the server from the OpenAPI document itself: every operation with
 * its parameters, bodies, answers and examples, the webhook, and every named schema. No script runs in the browser.
 */
export function ApiReference({ document }: { document: ApiDocument }) {
  const base = document.servers?.[0]?.url ?? '';
  const operations = operationsOf(document.paths, 'op');
  const webhooks = operationsOf(document.webhooks, 'webhook');
  const named = document.components?.schemas ?? {};
  const schemas = Object.entries(named);
  const security = Object.values(document.components?.securitySchemes ?? {})[0];
  return (
    <main className="page api-ref">
      <header className="api-ref__header">
        <h1>
          {document.info.title} <span className="muted">v{document.info.version}</span>
        </h1>
        {document.info.description && (
          <p>
            <Prose text={document.info.description} />
          </p>
        )}
        {security?.description && (
          <p>
            <strong>Authentication:</strong> <code>Authorization: Bearer &lt;key&gt;</code>. {security.description}
          </p>
        )}
        <p>
          Machine-readable: <a href={DOCUMENT_PATH}>OpenAPI {document.openapi} document</a> (<code>GET {DOCUMENT_PATH}</code>, no key
          needed).
        </p>
      </header>

      <nav aria-label="Contents" className="card api-ref__toc">
        <h2>Contents</h2>
        {(document.tags ?? []).map((tag) => (
          <div key={tag.name}>
            <h3>{tag.name}</h3>
            <ul className="plain-list">
              {[...operations, ...webhooks]
                .filter((o) => o.operation.tags?.includes(tag.name))
                .map((o) => (
                  <li key={o.anchor}>
                    <a href={`#${o.anchor}`}>
                      <span className={`api-ref__method api-ref__method--${o.method}`}>
                        {o.anchor.startsWith('webhook') ? 'HOOK' : o.method.toUpperCase()}
                      </span>{' '}
                      {o.anchor.startsWith('webhook') ? o.operation.summary : o.path}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <div>
          <h3>Schemas</h3>
          <ul className="plain-list api-ref__schema-list">
            {schemas.map(([name]) => (
              <li key={name}>
                <a href={`#${schemaAnchor(name)}`}>{name}</a>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <h2>Operations</h2>
      {operations.map((o) => (
        <OperationView key={o.anchor} located={o} base={base} schemas={named} />
      ))}

      <h2>Webhooks</h2>
      {webhooks.map((o) => (
        <OperationView key={o.anchor} located={{ ...o, path: 'your webhook URL' }} base="" schemas={named} />
      ))}

      <h2>Schemas</h2>
      {schemas.map(([name, schema]) => (
        <SchemaView key={name} name={name} schema={schema} />
      ))}
    </main>
  );
}
