import { isIP } from 'node:net';

/**
 * Whether the client (request.ip, after the TRUST_PROXY rules) is this machine. Development-only
 * conveniences such as the mailbox are served to loopback clients alone: anyone who can reach a
 * development server over the network must not read the mail it queued (reset links included).
 */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(ipv4) === 4) return ipv4.split('.')[0] === '127';
  return address === '::1';
}
