import { openApiDocument } from '../openapi/document.ts';
import { createResponseValidator, type ResponseValidator } from '../openapi/validate.ts';

// One validator per profile and test worker: Ajv compiles each schema once, on first use.
const validators = new Map<boolean, ResponseValidator>();

/** The validator for the document a service of this profile serves at `/openapi.json`. */
export function documentValidator(strict: boolean): ResponseValidator {
  let validator = validators.get(strict);
  if (!validator) {
    validator = createResponseValidator(openApiDocument({ strict }));
    validators.set(strict, validator);
  }
  return validator;
}

/** Thrown by the test helpers when the service answered something the document does not say. */
export class DocumentMismatchError extends Error {
  override name = 'DocumentMismatchError';
  constructor(what: string, problems: string[]) {
    super(
      `${what} does not match the OpenAPI document (ADR 022; fix the code or ` +
        `src/service/openapi/):\n  ${problems.join('\n  ')}`,
    );
  }
}
