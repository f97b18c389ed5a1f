import type { Server } from 'node:http';

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves each `mounts` prefix ('/media/') from a folder; `pages` answers exact paths. */
export declare function startServer(
  mounts: Record<string, string>,
  pages?: Record<string, string>,
  port?: number,
): Promise<StaticServer>;
