import { createHmac } from 'node:crypto';
import { isIPv4 } from 'node:net';

/**
 * IP addresses are personal data: they are stored only as keyed hashes (with the server secret) and a
 * masked form for dashboards, never in the clear.
 */
export interface Visitor {
  ipHash: string;
  ipMasked: string;
  visitorHash: string;
  userAgent: string;
}

export function hashWithSecret(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function maskIp(ip: string): string {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(plain)) {
    const [a, b] = plain.split('.');
    return `${a}.${b}.x.x`;
  }
  const groups = plain.split(':').filter(Boolean);
  return `${groups.slice(0, 2).join(':')}:x:x`;
}

export function identifyVisitor(secret: string, ip: string, userAgent: string | undefined): Visitor {
  const agent = (userAgent ?? '').slice(0, 400);
  return {
    ipHash: hashWithSecret(secret, `ip:${ip}`),
    ipMasked: maskIp(ip),
    // The address alone: a User-Agent is whatever the client writes, so it cannot tell visitors apart.
    visitorHash: hashWithSecret(secret, `visitor:${ip}`),
    userAgent: agent,
  };
}
