import { renderToStaticMarkup } from 'react-dom/server';
import { v1OpenApiDocument } from '@/lib/http/openapi/v1-contract';
import { ApiReference, DOCUMENT_PATH } from './api-reference';
import { operationsOf, schemaAnchor, type ApiDocument } from './openapi-types';

const document = v1OpenApiDocument() as unknown as ApiDocument;
const html = renderToStaticMarkup(<ApiReference document={document} />);
const text = (value: string) => renderToStaticMarkup(<>{value}</>);

describe('the integration API reference page', () => {
  it('shows every operation and webhook of the document, with its parameters and every answer', () => {
    const located = [...operationsOf(document.paths, 'op'), ...operationsOf(document.webhooks, 'webhook')];
    expect(located.length).toBeGreaterThanOrEqual(7);
    for (const { path, operation, anchor } of located) {
      expect(html).toContain(`id="${anchor}"`);
      if (anchor.startsWith('op-')) expect(html).toContain(text(path));
      for (const p of operation.parameters ?? []) expect(html).toContain(`<code>${p.name}</code>`);
      const section = html.slice(html.indexOf(`id="${anchor}"`));
      for (const status of Object.keys(operation.responses ?? {})) expect(section).toContain(`>${status}</span>`);
    }
  });

  it('shows every named schema with its fields and its examples as sent', () => {
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      expect(html).toContain(`id="${schemaAnchor(name)}"`);
      for (const field of Object.keys(schema.properties ?? {})) expect(html).toContain(`<code>${field}</code>`);
      for (const example of schema.examples ?? [])
        expect(html).toContain(text(typeof example === 'string' ? example : JSON.stringify(example, null, 2)));
    }
  });

  it('links the machine-readable document', () => {
    expect(html).toContain(`href="${DOCUMENT_PATH}"`);
  });
});
