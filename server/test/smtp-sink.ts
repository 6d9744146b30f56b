import { createServer, type Socket } from 'node:net';
import { switchable } from './switchable-server.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  /** The Message-ID header's value (<…>), or null when the mail had none. */
  messageId: string | null;
}

/** The Message-ID header of a mail's data, unfolded. */
function messageIdOf(data: string): string | null {
  const header = data.split('\r\n\r\n')[0] ?? '';
  return /^message-id:\s*(<[^>\r\n]+>)/im.exec(header.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? null;
}

/**
 * A minimal SMTP server (RFC 5321, no TLS, no auth) that keeps what it receives: enough for
 * nodemailer to deliver to. `replyDelayMs` slows the answer to DATA, as a busy relay would. `port`
 * fixes its address (0: any free port); goDown/comeUp take it off the network and back.
 * `unknownMailboxes` are refused at RCPT with 550, as a relay refuses an address that does not exist.
 */
export async function startSmtpSink(options: { replyDelayMs?: number; port?: number; unknownMailboxes?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '', messageId: null };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          mail.messageId = messageIdOf(mail.data);
          buffer = buffer.slice(end + 5);
          inData = false;
          const done = mail;
          mail = { from: '', to: [], data: '', messageId: null };
          // Counted once accepted: a mail is delivered when the server says 250 to its data.
          setTimeout(() => {
            received.push(done);
            reply('250 2.0.0 queued');
          }, options.replyDelayMs ?? 0);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (options.unknownMailboxes?.includes(address)) reply('550 5.1.1 no such mailbox');
          else {
            mail.to.push(address);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '', messageId: null };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  const listener = switchable(server, {
    port: options.port,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
  });
  await listener.listen();
  return {
    url: `smtp://127.0.0.1:${listener.port}`,
    received,
    /** How many mails each recipient got. */
    countsByRecipient() {
      const counts = new Map<string, number>();
      for (const mail of received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    /** How many times each Message-ID arrived. */
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of received) if (mail.messageId) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    /** Refuses connections (and cuts open ones) until comeUp. */
    goDown: listener.goDown,
    comeUp: listener.comeUp,
    close: listener.close,
  };
}
