import type { Located, MediaType } from './openapi-types';
import { Example, limitsOf, TypeText } from './schema-view';

/** A request or response body: each media type with its schema and examples. */
function Bodies({ content, openExamples }: { content: Record<string, MediaType> | undefined; openExamples: boolean }) {
  return (
    <>
      {Object.entries(content ?? {}).map(([type, media]) => (
        <div key={type} className="api-ref__body">
          <p>
            <code>{type}</code>: <TypeText schema={media.schema} />
            {media.schema?.description && ` — ${media.schema.description}`}
          </p>
          {Object.entries(media.examples ?? {}).map(([name, example]) => (
            <Example key={name} title={`Example: ${name}`} value={example.value} open={openExamples} />
          ))}
        </div>
      ))}
    </>
  );
}

/** One operation: what it does, who may call it, its parameters, body and every answer. */
export function OperationView({ located, base }: { located: Located; base: string }) {
  const { method, path, operation, anchor } = located;
  const isPublic = operation.security?.length === 0;
  return (
    <section id={anchor} className="card api-ref__operation" aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`} className="api-ref__signature">
        <span className={`api-ref__method api-ref__method--${method}`}>{method.toUpperCase()}</span>
        <code className="break-anywhere">
          {base}
          {path}
        </code>
      </h3>
      <p className="api-ref__summary">
        {operation.summary}
        {isPublic ? <span className="badge badge--success">no key</span> : <span className="badge">Bearer key</span>}
      </p>
      {operation.description && <p>{operation.description}</p>}

      {!!operation.parameters?.length && (
        <>
          <h4>Parameters</h4>
          <div className="table-wrap">
            <table className="table api-ref__fields">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Type</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                      {p.required && <span className="api-ref__required"> required</span>}
                    </td>
                    <td>{p.in}</td>
                    <td className="api-ref__type">
                      <TypeText schema={p.schema} />
                    </td>
                    <td>
                      {[p.description, ...(p.schema ? limitsOf(p.schema) : [])].filter(Boolean).join('; ')}
                      {p.schema?.example !== undefined && (
                        <>
                          {' '}
                          e.g. <code className="break-anywhere">{String(p.schema.example)}</code>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {operation.requestBody && (
        <>
          <h4>Request body{operation.requestBody.required ? '' : ' (optional)'}</h4>
          <Bodies content={operation.requestBody.content} openExamples />
        </>
      )}

      <h4>Responses</h4>
      <dl className="api-ref__responses">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <div key={status}>
            <dt>
              <span className={`badge ${status.startsWith('2') ? 'badge--success' : status === 'default' ? '' : 'badge--danger'}`}>
                {status}
              </span>
            </dt>
            <dd>
              <p>{response.description}</p>
              <Bodies content={response.content} openExamples={false} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
