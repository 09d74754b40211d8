/**
 * GET /metrics in Prometheus's text format: requests and latency per route family and status, the
 * database pool, realtime sockets, channels and deliveries, the notification outbox, browser
 * reports and canary loads, the process;
 * behind METRICS_TOKEN when one is set; and the counter API other modules define metrics with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { browserReportCounter, MAX_SERIES } from '../../src/observability/browser-metrics';
import { createMetrics } from '../../src/observability/metrics';
import { startTestBackend, type TestBackend } from '../harness';

const TOKEN = 'metrics-token-for-the-test';
let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await be?.close();
});

const scrape = async () => {
  const res = await fetch(`${be.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one sample line, e.g. value(text, 'need40_realtime_sockets'). */
const value = (text: string, sample: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
};

describe('GET /metrics', () => {
  it('needs the token when METRICS_TOKEN is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const res = await fetch(`${be.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('counts requests per route family, route and status, with latency', async () => {
    await fetch(`${be.url}/rest/v1/gigs?select=id&limit=1`, { headers: { apikey: be.config.ANON_KEY } });
    await fetch(`${be.url}/rest/v1/gigs?select=nope`, { headers: { apikey: be.config.ANON_KEY } });
    await fetch(`${be.url}/no/such/path`);
    const text = await scrape();
    expect(value(text, 'need40_http_requests_total{family="rest",route="/rest/v1/:table",method="GET",status="200"}')).toBe(1);
    expect(value(text, 'need40_http_requests_total{family="rest",route="/rest/v1/:table",method="GET",status="400"}')).toBe(1);
    expect(value(text, 'need40_http_requests_total{family="unmatched",route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(value(text, 'need40_http_request_duration_seconds_count{family="rest",status_class="2xx"}')).toBe(1);
    expect(value(text, 'need40_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'need40_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'need40_outbox_pending')).toBe(0);
    expect(value(text, 'need40_outbox_lag_seconds')).toBe(0);
    expect(text).toContain('need40_process_cpu_user_seconds_total');
    expect(text).toContain('need40_nodejs_eventloop_lag_seconds');
  });

  it('shows realtime sockets, channels and deliveries', async () => {
    const ws = new WebSocket(`${be.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${be.config.ANON_KEY}&vsn=1.0.0`);
    const replies: string[] = [];
    ws.on('message', (data) => replies.push(String(data)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ topic: 'realtime:metrics', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' }));
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' }));
    await expect.poll(() => replies.length).toBeGreaterThanOrEqual(2);
    const text = await scrape();
    expect(value(text, 'need40_realtime_sockets')).toBe(1);
    expect(value(text, 'need40_realtime_channels')).toBe(1);
    expect(value(text, 'need40_realtime_deliveries_total{event="phx_reply"}')).toBeGreaterThanOrEqual(2);
    ws.close();
  });

  it('counts accepted browser reports and canary loads by remote, version and assignment; a refused one not', async () => {
    const post = (path: string, body: unknown) => fetch(`${be.url}/browser/v1/${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    const release = { environment: 'metrics', revision: 1, versions: { campaign: { version: '0.2.0+0b1c2d3e4f', assignment: 'canary' } } };
    expect((await post('errors', { kind: 'slot-load', message: 'boom', remote: 'campaign', release })).status).toBe(202);
    expect((await post('errors', { kind: 'error', message: 'no remote', release })).status).toBe(202);
    expect((await post('loads', { release })).status).toBe(202);
    expect((await post('loads', { release })).status).toBe(202);
    expect((await post('errors', { kind: 'oops', message: 'refused', release })).status).toBe(400);
    const text = await scrape();
    const sample = (type: string, kind: string, remote: string, version: string, assignment: string) =>
      value(text, `need40_browser_reports_total{type="${type}",kind="${kind}",remote="${remote}",version="${version}",assignment="${assignment}"}`);
    expect(sample('error', 'slot-load', 'campaign', '0.2.0+0b1c2d3e4f', 'canary')).toBe(1);
    expect(sample('error', 'error', 'none', 'none', 'none')).toBe(1);
    expect(sample('load', 'none', 'campaign', '0.2.0+0b1c2d3e4f', 'canary')).toBe(2);
    expect(text).not.toContain('kind="oops"');
    expect(value(text, 'need40_http_requests_total{family="browser",route="/browser/v1/errors",method="POST",status="202"}')).toBe(2);
  });

  it('keeps the browser series bounded: past MAX_SERIES versions, new ones count as other', async () => {
    const metrics = createMetrics();
    const count = browserReportCounter(metrics);
    for (let i = 0; i < MAX_SERIES + 50; i += 1) count({ type: 'load', kind: null, environment: 'e', remote: 'campaign', version: `0.0.${i}+abc`, assignment: 'canary' });
    count({ type: 'load', kind: null, environment: 'e', remote: 'campaign', version: '0.0.0+abc', assignment: 'canary' });
    const text = await metrics.render();
    expect(text.split('\n').filter((l) => l.startsWith('need40_browser_reports_total{'))).toHaveLength(MAX_SERIES + 1);
    expect(value(text, 'need40_browser_reports_total{type="load",kind="none",remote="other",version="other",assignment="other"}')).toBe(50);
    expect(value(text, 'need40_browser_reports_total{type="load",kind="none",remote="campaign",version="0.0.0+abc",assignment="canary"}')).toBe(2);
  });

  it('lets a module define a metric once and find it again; a clash of kinds is refused', async () => {
    const { metrics } = be.app.services;
    const a = metrics.counter({ name: 'need40_test_widgets_total', help: 'Widgets.', labelNames: ['kind'] });
    const b = metrics.counter({ name: 'need40_test_widgets_total', help: 'Widgets.', labelNames: ['kind'] });
    expect(b).toBe(a);
    a.inc({ kind: 'blue' }, 2);
    expect(() => metrics.gauge({ name: 'need40_test_widgets_total', help: 'Widgets.' })).toThrow(/already a Counter/);
    expect(value(await scrape(), 'need40_test_widgets_total{kind="blue"}')).toBe(2);
  });
});
