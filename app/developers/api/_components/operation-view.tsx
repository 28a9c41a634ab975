import { refName, type Located, type MediaType, type Schema } from './openapi-types';
import { Example, FieldTable, limitsOf, Prose, TypeText } from './schema-view';

/**
 * A request or response body: each media type with its schema and examples. A request body's named schema is
 * shown in place (its fields and examples), as that is what the caller has to write.
 */
function Bodies({
  content,
  request,
  schemas,
}: {
  content: Record<string, MediaType> | undefined;
  request: boolean;
  schemas: Record<string, Schema>;
}) {
  return (
    <>
      {Object.entries(content ?? {}).map(([type, media]) => {
        const named = request && media.schema?.$ref ? schemas[refName(media.schema.$ref)] : undefined;
        return (
          <div key={type} className="api-ref__body">
            <p>
              <code>{type}</code>: <TypeText schema={media.schema} />
              {media.schema?.description && (
                <>
                  {' '}
                  — <Prose text={media.schema.description} />
                </>
              )}
            </p>
            {named?.description && (
              <p>
                <Prose text={named.description} />
              </p>
            )}
            {named?.properties && <FieldTable schema={named} />}
            {(named?.examples ?? []).map((value, i) => (
              <Example key={i} title="Example" value={value} open />
            ))}
            {Object.entries(media.examples ?? {}).map(([name, example]) => (
              <Example key={name} title={`Example: ${name}`} value={example.value} open={request} />
            ))}
          </div>
        );
      })}
    </>
  );
}

/** One operation: what it does, who may call it, its parameters, body and every answer. */
export function OperationView({ located, base, schemas }: { located: Located; base: string; schemas: Record<string, Schema> }) {
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
      {operation.description && (
        <p>
          <Prose text={operation.description} />
        </p>
      )}

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
                      <Prose text={[p.description, ...(p.schema ? limitsOf(p.schema) : [])].filter(Boolean).join('; ')} />
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
          <Bodies content={operation.requestBody.content} request schemas={schemas} />
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
              <Bodies content={response.content} request={false} schemas={schemas} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
