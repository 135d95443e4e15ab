import { describe, expect, it } from 'vitest';
import { clientNetwork } from './rate-limit-key.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address whole, also when it arrives mapped into IPv6', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('127.0.0.2')).not.toBe(clientNetwork('127.0.0.1'));
  });

  it('keys an IPv6 client by its /64, however the address is spelled', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0042',
      '2001:db8:1:2:a:b:1.2.3.4',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::9'),
    ])
      expect(clientNetwork(address), address).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
