// The live ingest's own process (docs/live.md, "The ingest process"): started and watched by
// the site (ingest-supervisor.ts), it parses what RTMP peers send and tells the site only what
// ingest-protocol.ts allows. It opens no database and reads no setting: its one argument says
// where to listen and with which limits.
import type { FromIngest, IngestStart, ToIngest } from './ingest-protocol';
import { startRtmpServer } from './rtmp-server';

const send = (message: FromIngest, done?: () => void) => {
  if (!process.connected) return;
  process.send!(message, undefined, {}, () => done?.());
};

// The site is gone: so is its ingest.
process.on('disconnect', () => process.exit(0));
// A fault of this process (never a peer's bytes, which are caught where they are read): the
// site hears of it and starts a fresh process.
process.on('uncaughtException', (error) => {
  send({ type: 'failed', code: 'uncaught', message: error.stack ?? String(error) });
  setTimeout(() => process.exit(70), 100);
});

const start = JSON.parse(process.argv[2] ?? '{}') as IngestStart;
try {
  const server = await startRtmpServer({
    port: start.port,
    host: start.host,
    limits: start.limits,
    send,
  });
  process.on('message', (message: ToIngest) => {
    if (message.type === 'accept') server.accept(message.id);
    else if (message.type === 'refuse') server.refuse(message.id, message.reason);
    else if (message.type === 'stop') void server.stop().finally(() => process.exit(0));
  });
  const health = setInterval(() => {
    send({ type: 'health', rss: process.memoryUsage.rss(), ...server.health() });
  }, start.healthEveryMs);
  health.unref();
  send({ type: 'health', rss: process.memoryUsage.rss(), ...server.health() });
  send({ type: 'listening', port: server.port });
} catch (error) {
  const failure = error as NodeJS.ErrnoException;
  send({ type: 'failed', code: failure.code ?? null, message: failure.message }, () =>
    process.exit(1),
  );
}
