import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { RESERVED_USERNAMES } from './accounts.schema';

/**
 * One configured OAuth provider: GitHub and Google through better-auth's built-in providers,
 * any OpenID Connect issuer (Keycloak, Authentik, Auth0, a company's own ...) through the
 * generic one, found by its discovery document. None is configured by default.
 */
export interface OAuthProvider {
  id: 'github' | 'google' | 'oidc';
  /** The button's label: "Sign in with {name}". */
  name: string;
  clientId: string;
  clientSecret: string;
  /** For `oidc`: the issuer URL; its /.well-known/openid-configuration is read. */
  issuer?: string;
}

/** What the sign-in page shows: one button per configured provider. */
export interface OAuthButton {
  id: string;
  name: string;
}

export function oauthButtons(providers: readonly OAuthProvider[]): OAuthButton[] {
  return providers.map(({ id, name }) => ({ id, name }));
}

/** The providers as better-auth takes them: built-in social providers and generic ones. */
export function oauthProviderOptions(providers: readonly OAuthProvider[]) {
  const socialProviders: {
    github?: { clientId: string; clientSecret: string };
    google?: { clientId: string; clientSecret: string };
  } = {};
  const generic: GenericOAuthConfig[] = [];
  for (const provider of providers) {
    if (provider.id === 'oidc') {
      const issuer = (provider.issuer ?? '').replace(/\/+$/, '');
      generic.push({
        providerId: 'oidc',
        name: provider.name,
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
      });
    } else {
      socialProviders[provider.id] = {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      };
    }
  }
  return { socialProviders, generic };
}

/** The configured providers, from the settings (a provider counts once its id is set). */
export function oauthProvidersFromSettings(settings: {
  OAUTH_GITHUB_CLIENT_ID?: string;
  OAUTH_GITHUB_CLIENT_SECRET?: string;
  OAUTH_GOOGLE_CLIENT_ID?: string;
  OAUTH_GOOGLE_CLIENT_SECRET?: string;
  OAUTH_OIDC_ISSUER?: string;
  OAUTH_OIDC_CLIENT_ID?: string;
  OAUTH_OIDC_CLIENT_SECRET?: string;
  OAUTH_OIDC_NAME: string;
}): OAuthProvider[] {
  const providers: OAuthProvider[] = [];
  if (settings.OAUTH_GITHUB_CLIENT_ID) {
    providers.push({
      id: 'github',
      name: 'GitHub',
      clientId: settings.OAUTH_GITHUB_CLIENT_ID,
      clientSecret: settings.OAUTH_GITHUB_CLIENT_SECRET ?? '',
    });
  }
  if (settings.OAUTH_GOOGLE_CLIENT_ID) {
    providers.push({
      id: 'google',
      name: 'Google',
      clientId: settings.OAUTH_GOOGLE_CLIENT_ID,
      clientSecret: settings.OAUTH_GOOGLE_CLIENT_SECRET ?? '',
    });
  }
  if (settings.OAUTH_OIDC_ISSUER && settings.OAUTH_OIDC_CLIENT_ID) {
    providers.push({
      id: 'oidc',
      name: settings.OAUTH_OIDC_NAME,
      clientId: settings.OAUTH_OIDC_CLIENT_ID,
      clientSecret: settings.OAUTH_OIDC_CLIENT_SECRET ?? '',
      issuer: settings.OAUTH_OIDC_ISSUER,
    });
  }
  return providers;
}

/**
 * A free username for an account a provider's sign-in makes: its profile name (or the
 * address's first part) in the site's username shape, numbered when taken.
 */
export async function usernameForNewAccount(
  isAvailable: (username: string) => Promise<boolean>,
  name: string | null | undefined,
  email: string,
): Promise<string> {
  const base =
    (name || email.split('@')[0] || '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_.-]+/g, '')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 20) || 'member';
  const padded = base.length < 3 ? `${base}user`.slice(0, 20) : base;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = attempt === 0 ? padded : `${padded}${attempt + 1}`;
    if (RESERVED_USERNAMES.has(candidate.toLowerCase())) continue;
    if (await isAvailable(candidate)) return candidate;
  }
  return `${padded.slice(0, 12)}${Date.now().toString(36)}`;
}
