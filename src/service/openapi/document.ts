export interface OpenApiOptions {
  /** A spec-strict service: the extensions the spec does not show are left out. */
  strict: boolean;
}

/** The OpenAPI 3.1 document of the service. Placeholder until the generator lands. */
export function openApiDocument(options: OpenApiOptions): Record<string, unknown> {
  return {
    openapi: '3.1.1',
    info: { title: 'Attest reference service', version: options.strict ? 'strict' : 'sandbox' },
    paths: {},
  };
}
