import { data } from 'react-router';

/** Unknown paths inside the shell go to the route error element as a 404. */
export function loader(): never {
  throw data('Not found', { status: 404 });
}

export function Component() {
  return null;
}
