import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** The profile the stand-in provider hands back; tests change it between sign-ins. */
export interface StandInProfile {
  id: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface StandInProvider {
  /** Its issuer: the discovery document is under it. */
  url: string;
  profile: StandInProfile;
  /** The bodies of the token requests it was sent. */
  tokenRequests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in OpenID Connect provider on a local port: its discovery document, an authorize
 * endpoint that sends the browser straight back with a code (the person has said yes), and
 * token and userinfo endpoints that answer for that code with `profile`.
 */
export async function startStandInProvider(profile: StandInProfile): Promise<StandInProvider> {
  const tokenRequests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (url.pathname === '/.well-known/openid-configuration') {
      send({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
      });
    } else if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'the-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() }).end();
    } else if (url.pathname === '/token') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        tokenRequests.push(body);
        send({ access_token: 'provider-access-token', token_type: 'Bearer', expires_in: 3600 });
      });
    } else if (url.pathname === '/userinfo') {
      if (request.headers.authorization !== 'Bearer provider-access-token') {
        response.writeHead(401).end();
        return;
      }
      send(provider.profile);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const provider: StandInProvider = {
    url: `http://127.0.0.1:${port}`,
    profile,
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return provider;
}
