import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server took it: the envelope, the raw bytes and the parsed message. */
export type Received = { from: string; to: string[]; raw: Buffer; mail: ParsedMail };

/** What the server says to a recipient: accept, or reply with this code and text (451: try later, 550: never). */
export type Reply = { code: number; text: string } | null;

/**
 * A real SMTP server on a free loopback port (the smtp-server package), with authentication, that
 * answers each recipient as `reply` says and keeps every message it accepts, parsed by mailparser.
 */
export async function startSmtp({ reply = () => null, hold = () => false }: { reply?: (to: string) => Reply; hold?: (to: string) => boolean } = {}) {
  const received: Received[] = [];
  /** Messages taken and never answered (`hold`): the sender never learns whether they went. */
  const held: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, done) => (auth.username === "mailer" && auth.password === "s3cret" ? done(null, { user: "mailer" }) : done(new Error("535 bad credentials"))),
    onRcptTo: (address, _session, done) => {
      const r = reply(address.address);
      if (!r) return done();
      done(Object.assign(new Error(r.text), { responseCode: r.code }));
    },
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks);
        const message = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to, raw, mail: await simpleParser(raw) };
        // A server that takes the data and never answers: a worker killed now has sent nothing it knows of.
        if (to.some(hold)) return void held.push(message);
        received.push(message);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP server has no port");
  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${address.port}`,
    received,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
