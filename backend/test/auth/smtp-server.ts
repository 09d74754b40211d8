/** A minimal SMTP sink for tests: accepts every message and keeps the raw DATA. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SmtpSink {
  url: string;
  messages: Array<{ from: string; to: string[]; data: string }>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'MAIL') current.from = line;
        if (cmd === 'RCPT') current.to.push(line);
        if (cmd === 'DATA') inData = true;
        reply(cmd === 'DATA' ? '354 go ahead' : cmd === 'QUIT' ? '221 bye' : '250 OK');
        if (cmd === 'QUIT') socket.end();
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
