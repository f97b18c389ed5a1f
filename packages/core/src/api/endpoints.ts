import {
  adminEndpoint,
  checkUsernameEndpoint,
  createUserEndpoint,
  initNewUserEndpoint,
} from '../accounts/accounts.endpoints';
import type { Endpoint } from './endpoint';

/** Every endpoint of the JSON API: the web app routes them, the /api page documents them. */
export const endpoints: readonly Endpoint[] = [
  checkUsernameEndpoint,
  createUserEndpoint,
  initNewUserEndpoint,
  adminEndpoint,
];

export function findEndpoint(path: string): Endpoint | undefined {
  return endpoints.find((endpoint) => endpoint.path === path);
}
