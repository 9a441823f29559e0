// A local SMTP server for benchmarks, run as a child process (its CPU is not the load generator's): it accepts every
// message over plain SMTP, reads it to the end without parsing it, and counts the messages and their distinct
// recipients. Started with `fork(smtp-sink.ts, [port, nice])`; it answers 'ready' once listening and
// { messages, recipients, bytes } to every 'count'; SIGTERM stops it. With a nice value its thread lowers its own CPU
// priority by that much.
import { setPriority } from 'node:os';
import { SMTPServer } from 'smtp-server';

export type SinkCount = { messages: number; recipients: number; bytes: number };

const port = Number(process.argv[2] ?? 0);
const nice = Number(process.argv[3] ?? 0);
// Linux keeps a nice value per thread; this one (pid 0: the calling thread) is where the messages are read.
if (nice > 0) setPriority(0, nice);
const recipients = new Set<string>();
let messages = 0;
let bytes = 0;

const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  // Many messages per connection, as a pooled sender keeps them open.
  maxClients: 64,
  onData(stream, session, callback) {
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on('end', () => {
      messages += 1;
      for (const recipient of session.envelope.rcptTo) recipients.add(recipient.address);
      callback();
    });
  },
});

server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('message', (message) => {
  if (message === 'count')
    process.send?.({ messages, recipients: recipients.size, bytes } satisfies SinkCount);
});
