import { Fragment } from 'react';
import { refName, schemaAnchor, type Schema } from './openapi-types';

/** Text with `code` spans, as the document's descriptions write them. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 ? (
          <code key={i} className="break-anywhere">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A schema's type in a few words: a link for a named schema, values for an enum, `T[]` for an array. */
export function TypeText({ schema }: { schema: Schema | undefined }) {
  if (!schema) return <>any</>;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return <a href={`#${schemaAnchor(name)}`}>{name}</a>;
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants)
    return (
      <>
        {variants.map((v, i) => (
          <Fragment key={i}>
            {i > 0 && ' | '}
            <TypeText schema={v} />
          </Fragment>
        ))}
      </>
    );
  if (schema.enum) return <>{schema.enum.map((v) => JSON.stringify(v)).join(' | ')}</>;
  if (schema.type === 'array')
    return (
      <>
        <TypeText schema={schema.items} />
        []
      </>
    );
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('object') && !schema.properties && typeof schema.additionalProperties === 'object')
    return (
      <>
        map of <TypeText schema={schema.additionalProperties} />
      </>
    );
  return <>{types.join(' | ') || 'any'}</>;
}

/** The limits zod put in the schema, in words. */
export function limitsOf(schema: Schema): string[] {
  const limits: string[] = [];
  const big = (n: number) => Math.abs(n) >= Number.MAX_SAFE_INTEGER;
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    limits.push(`length ${schema.minLength ?? 0}–${schema.maxLength ?? '…'}`);
  if ((schema.minimum !== undefined && !big(schema.minimum)) || (schema.maximum !== undefined && !big(schema.maximum)))
    limits.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    limits.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '…'} items`);
  if (schema.pattern) limits.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits;
}

type Row = { name: string; schema: Schema; required: boolean };

/** The fields of an object, nested objects and arrays of objects flattened to dotted names (`lines[].qty`). */
function rowsOf(schema: Schema, prefix = '', depth = 0): Row[] {
  if (!schema.properties || depth > 3) return [];
  return Object.entries(schema.properties).flatMap(([name, field]) => {
    const full = `${prefix}${name}`;
    const row = { name: full, schema: field, required: schema.required?.includes(name) ?? false };
    const inner = field.type === 'array' && field.items ? field.items : field;
    const nested = inner.$ref ? [] : rowsOf(inner, `${full}${inner === field ? '.' : '[].'}`, depth + 1);
    return [row, ...nested];
  });
}

/** A table of an object's fields: name, type, whether it is required, and what it means. */
export function FieldTable({ schema, caption }: { schema: Schema; caption?: string }) {
  const rows = rowsOf(schema);
  if (!rows.length) return null;
  return (
    <div className="table-wrap">
      <table className="table api-ref__fields">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
                {row.required && <span className="api-ref__required"> required</span>}
              </td>
              <td className="api-ref__type">
                <TypeText schema={row.schema} />
              </td>
              <td>
                <Prose text={[row.schema.description, ...limitsOf(row.schema)].filter(Boolean).join('; ')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A named schema: its fields, or each variant's (the events), and its examples. */
export function SchemaView({ name, schema }: { name: string; schema: Schema }) {
  const variants = schema.oneOf ?? schema.anyOf;
  return (
    <section id={schemaAnchor(name)} className="card api-ref__schema" aria-labelledby={`${schemaAnchor(name)}-title`}>
      <h3 id={`${schemaAnchor(name)}-title`}>{name}</h3>
      {schema.description && (
        <p>
          <Prose text={schema.description} />
        </p>
      )}
      {variants ? (
        variants.map((variant, i) => (
          <FieldTable key={i} schema={variant} caption={`type ${(variant.properties?.type?.enum ?? []).join(', ')}`} />
        ))
      ) : schema.properties ? (
        <FieldTable schema={schema} />
      ) : (
        <p>
          <TypeText schema={schema} />
          {limitsOf(schema).length > 0 && ` (${limitsOf(schema).join('; ')})`}
        </p>
      )}
      {(schema.examples ?? []).map((example, i) => (
        <Example key={i} title={`Example${(schema.examples?.length ?? 0) > 1 ? ` ${i + 1}` : ''}`} value={example} />
      ))}
    </section>
  );
}

/** An example as it goes over the wire: JSON pretty-printed, text (XML, NDJSON) as it is. */
export function Example({ title, value, open = false }: { title: string; value: unknown; open?: boolean }) {
  return (
    <details className="api-ref__example" open={open}>
      <summary>{title}</summary>
      <pre>
        <code>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</code>
      </pre>
    </details>
  );
}
