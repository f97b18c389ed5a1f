import { describe, expect, it } from 'vitest';
import {
  gaugeFromScrape,
  ingestMetrics,
  isMetricsRequestAllowed,
  recordRequest,
  renderMetrics,
  routeGroup,
} from './metrics';

describe('metrics', () => {
  it('groups paths into few route labels', () => {
    expect(routeGroup('/')).toBe('page:home');
    expect(routeGroup('/video/sunset_abc123')).toBe('page:video');
    expect(routeGroup('/api/v2/videos')).toBe('api:videos');
    expect(routeGroup('/api/v2/%00weird')).toBe('api:other');
    expect(routeGroup('/api/auth/sign-in/email')).toBe('auth');
    expect(routeGroup('/_next/static/chunks/a.js')).toBe('static');
    expect(routeGroup('/%E2%9C%93')).toBe('page:other');
  });

  it('lets in only the configured bearer token, and nobody without one', () => {
    const token = 'a-token-of-sixteen-or-more';
    expect(isMetricsRequestAllowed(token, `Bearer ${token}`)).toBe(true);
    expect(isMetricsRequestAllowed(token, `Bearer ${token}x`)).toBe(false);
    expect(isMetricsRequestAllowed(token, undefined)).toBe(false);
    expect(isMetricsRequestAllowed(undefined, 'Bearer ')).toBe(false);
  });

  it("serves Prometheus's text format: requests, ingest, scraped gauges and the process's own", async () => {
    recordRequest('/video/x_1', 200, 0.042);
    ingestMetrics.connectionsOpen(2);
    ingestMetrics.publishAccepted();
    ingestMetrics.refused('video-codec');
    ingestMetrics.closedByLimit('handshake-deadline', 3);
    ingestMetrics.restarted('hung');
    gaugeFromScrape({
      name: 'cutroom_test_scraped',
      help: 'A gauge read at the scrape',
      labelNames: ['kind'],
      read: async () => [{ labels: { kind: 'transcode' }, value: 3 }],
    });
    const { contentType, body } = await renderMetrics();
    expect(contentType).toContain('text/plain');
    expect(body).toMatch(/cutroom_http_requests_total\{route="page:video",status="200"\} \d+/);
    expect(body).toMatch(
      /cutroom_http_request_duration_seconds_bucket\{le="0.05",route="page:video",status="200"\} \d+/,
    );
    expect(body).toContain('cutroom_live_ingest_connections 2');
    expect(body).toContain('cutroom_live_ingest_publishes_total 1');
    expect(body).toContain('cutroom_live_ingest_refusals_total{reason="video-codec"} 1');
    expect(body).toContain('cutroom_live_ingest_limit_closes_total{reason="handshake-deadline"} 3');
    expect(body).toContain('cutroom_live_ingest_restarts_total{cause="hung"} 1');
    expect(body).toContain('cutroom_test_scraped{kind="transcode"} 3');
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    expect(body).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
  });

  it("declares every series this process counts (docs/operations.md's table)", async () => {
    const { body } = await renderMetrics();
    const declared = new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    // The gauges read from the database at a scrape are the web node's (runtime-metrics.ts).
    for (const name of [
      'cutroom_http_requests_total',
      'cutroom_http_request_duration_seconds',
      'cutroom_database_wait_seconds',
      'cutroom_transcodes_total',
      'cutroom_transcode_duration_seconds',
      'cutroom_transcode_realtime_factor',
      'cutroom_mail_total',
      'cutroom_live_ingest_connections',
      'cutroom_live_ingest_publishes_total',
      'cutroom_live_ingest_refusals_total',
      'cutroom_live_ingest_limit_closes_total',
      'cutroom_live_ingest_restarts_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(declared, name).toContain(name);
    }
  });
});
