import { it } from 'vitest';
import http from 'node:http';
import { startStorage } from './helpers';
it('debug', async () => {
  const s = await startStorage({ LOG_LEVEL: 'debug' });
  const { hostname, port } = new URL(s.be.url);
  for (const p of ['/storage/v1/object/%27%3B%20drop%20table%20canary.vault%3B%20--/%C2%A0', '/storage/v1/object/abc/%C2%A0', '/storage/v1/object/abc/x']) {
    await new Promise<void>((resolve) => {
      const req = http.request({ hostname, port, path: p, method: 'GET', headers: { authorization: 'Bearer not-a-jwt', 'content-type': 'text/plain' } }, (res) => {
        let t = ''; res.on('data', (c) => (t += c)); res.on('end', () => { console.log('RES', p, res.statusCode, t); resolve(); });
      });
      req.on('error', (e) => { console.log('ERR', p, e.message); resolve(); });
      req.end();
    });
  }
  await s.be.close();
}, 120000);
