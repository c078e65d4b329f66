import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../src/mail/smtp';

/** A minimal SMTP server that accepts every message and keeps what it was sent. */
function fakeSmtp(received: { from: string; to: string[]; data: string }[]): Server {
  return createServer((socket: Socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') mail.from = line;
        if (verb === 'RCPT') mail.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
      }
    });
  });
}

describe('SmtpMailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = fakeSmtp(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands the message to the SMTP server from MAIL_FROM', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'HamLog <pins@example.com>');
    await mailer.send({ to: 'op@example.com', subject: 'Your PIN', text: 'PIN: 12345678' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toContain('pins@example.com');
    expect(received[0]?.to.join()).toContain('op@example.com');
    expect(received[0]?.data).toContain('Subject: Your PIN');
    expect(received[0]?.data).toContain('PIN: 12345678');
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'HamLog <pins@example.com>');
    await expect(mailer.send({ to: 'op@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
