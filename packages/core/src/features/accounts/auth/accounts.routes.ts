import { defineRawRoute } from '../../../kernel/raw-route';

/**
 * better-auth's endpoints (sign-in by password, e-mail link, second factor or OAuth provider,
 * sign-out, verification, reset, two-factor set-up, tokens) behind the site's rules
 * (auth-handler.ts); each checks its own credentials.
 */
export const authRoute = defineRawRoute({
  path: '/api/auth/[...all]',
  methods: ['GET', 'POST'],
  right: 'view',
  summary:
    'Sign-in, sign-out, verification, password reset and tokens; each checks its own credentials.',
  refusal: 'status',
});

/** The sign-in form as a browser without JavaScript posts it. */
export const signInFormRoute = defineRawRoute({
  path: '/api/forms/sign-in',
  methods: ['POST'],
  right: 'view',
  summary: 'The sign-in form posted without JavaScript; redirects back signed in or to the form.',
  refusal: 'status',
});

/** The second step of a sign-in (the app's code or a recovery code) posted without JavaScript. */
export const twoFactorFormRoute = defineRawRoute({
  path: '/api/forms/two-factor',
  methods: ['POST'],
  right: 'view',
  summary:
    'The two-factor code form posted without JavaScript; redirects back signed in or to the form.',
  refusal: 'status',
});
