// What accounts/auth offers the other features: they import it from here alone.

export { requireAccountServices } from './auth';
export type { Auth } from './auth';
export { MAX_PASSWORD_LENGTH, disabledMessage } from './messages';
export { toActor } from './session.service';
