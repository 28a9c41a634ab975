import { normaliseAddress, parseTrustedProxies, resolveClientAddress, UNKNOWN_ADDRESS } from './client-address';

describe('parseTrustedProxies', () => {
  it('reads addresses and CIDR ranges of both families, and nothing from an empty list', () => {
    const trusted = parseTrustedProxies(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1');
    expect(trusted.check('10.20.30.40', 'ipv4')).toBe(true);
    expect(trusted.check('192.168.1.7', 'ipv4')).toBe(true);
    expect(trusted.check('192.168.1.8', 'ipv4')).toBe(false);
    expect(trusted.check('fd12::1', 'ipv6')).toBe(true);
    expect(trusted.check('::1', 'ipv6')).toBe(true);
    expect(parseTrustedProxies('').check('127.0.0.1', 'ipv4')).toBe(false);
  });

  it('refuses what is not an address or range', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', '::1/129', '300.1.1.1', '10.0.0.0/x'])
      expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('normaliseAddress', () => {
  it('compares IPv4 peers of a dual-stack socket as IPv4, without ports or brackets', () => {
    expect(normaliseAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normaliseAddress(' 10.1.2.3:5000 ')).toBe('10.1.2.3');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(normaliseAddress('unknown')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
  });
});

describe('resolveClientAddress', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8');
  const nobody = parseTrustedProxies('');

  it('uses the socket peer and ignores X-Forwarded-For when the peer is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.5', '198.51.100.1', nobody)).toBe('10.0.0.5');
    expect(resolveClientAddress('::ffff:203.0.113.9', null, nobody)).toBe('203.0.113.9');
  });

  it('takes the nearest address a trusted proxy did not add, past a chain of proxies', () => {
    expect(resolveClientAddress('10.0.0.5', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 198.51.100.1, 10.1.1.1', proxies)).toBe('198.51.100.1');
    // Only proxies: the farthest one is all we know.
    expect(resolveClientAddress('10.0.0.5', '10.9.9.9', proxies)).toBe('10.9.9.9');
    expect(resolveClientAddress('10.0.0.5', null, proxies)).toBe('10.0.0.5');
  });

  it('never answers with text a client wrote in place of an address', () => {
    expect(resolveClientAddress('10.0.0.5', '198.51.100.1, <script>', proxies)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', '<script>, 198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('not-an-address', null, proxies)).toBe(UNKNOWN_ADDRESS);
  });
});
