/** The browser error reporter: what it sends, with the versions in use; bounded; silent after a 4xx. */
import { reportError, reportSlotFailure, resetErrorReporting, startErrorReporting } from './error-reporter';
import { setReleaseState } from './release-state';

let sent: { url: string; body: Record<string, unknown> }[];
let status = 202;
beforeEach(() => {
  resetErrorReporting();
  sent = [];
  status = 202;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
      return new Response(null, { status });
    }),
  );
  setReleaseState({
    environment: 'production',
    revision: 7,
    registrySource: 'network',
    remotes: { campaign: { version: '0.2.0+2222222222', assignment: 'canary' }, gigs: { version: 'unreleased', assignment: 'unreleased' } },
    override: {},
    refused: [],
  });
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('browser error reports', () => {
  it('counts the page load of a canary, then reports a slot failure with the remote and the versions in use', async () => {
    startErrorReporting('http://api.test/');
    reportSlotFailure('campaign', 'slot-crash', new TypeError('x is undefined'));
    await flush();
    expect(sent.map((s) => s.url)).toEqual(['http://api.test/browser/v1/loads', 'http://api.test/browser/v1/errors']);
    expect(sent[1]!.body).toMatchObject({
      kind: 'slot-crash',
      message: 'TypeError: x is undefined',
      remote: 'campaign',
      release: { environment: 'production', revision: 7, versions: { campaign: { version: '0.2.0+2222222222', assignment: 'canary' } } },
    });
  });

  it('reports uncaught errors and unhandled rejections, names the remote from a released script URL', async () => {
    startErrorReporting('http://api.test');
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'http://shell.test/releases/campaign/0.2.0+2222222222/1.js', lineno: 3, colno: 9, error: new Error('boom') }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'nope';
    window.dispatchEvent(rejection);
    await flush();
    const errors = sent.filter((s) => s.url.endsWith('/errors')).map((s) => s.body);
    expect(errors[0]).toMatchObject({ kind: 'error', remote: 'campaign', source: 'http://shell.test/releases/campaign/0.2.0+2222222222/1.js:3:9' });
    expect(errors[1]).toMatchObject({ kind: 'unhandledrejection', message: 'nope', remote: null });
  });

  it('sends each error once, at most 20 per page, fields cut to the endpoint\u2019s limits', async () => {
    startErrorReporting('http://api.test');
    for (let i = 0; i < 3; i += 1) reportError('error', new Error('same'));
    for (let i = 0; i < 40; i += 1) reportError('error', new Error(`e${i} ${'x'.repeat(2000)}`));
    await flush();
    const errors = sent.filter((s) => s.url.endsWith('/errors'));
    expect(errors).toHaveLength(20);
    expect(errors.every((e) => String(e.body.message).length <= 1000)).toBe(true);
  });

  it('stops after a 4xx (no such endpoint, too many reports)', async () => {
    status = 404;
    startErrorReporting('http://api.test');
    reportError('error', new Error('first'));
    await flush();
    await flush();
    reportError('error', new Error('second'));
    await flush();
    expect(sent.filter((s) => s.url.endsWith('/errors')).map((s) => s.body.message)).toEqual(['Error: first']);
  });
});
