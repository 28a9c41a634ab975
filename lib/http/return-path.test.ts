import { safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/?tab=orders&doc=abc')).toBe('/?tab=orders&doc=abc');
    expect(safeReturnPath('/history?page=3')).toBe('/history?page=3');
  });

  it('refuses other hosts, schemes and protocol-relative addresses', () => {
    for (const bad of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'evil', '/\t/evil.test', ''])
      expect(safeReturnPath(bad)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath('/' + 'a'.repeat(3000))).toBeNull();
  });

  it('keeps one leading slash where dot segments would leave two (another host to a browser)', () => {
    expect(safeReturnPath('/..//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/a/../..//evil.example/x?y=1')).toBe('/evil.example/x?y=1');
    expect(safeReturnPath('/.././/evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/..//login')).toBeNull();
    expect(signInPath({ next: '/..//evil.example' })).toBe('/login?next=%2Fevil.example');
  });

  it('never returns to the sign-in page or the API', () => {
    expect(safeReturnPath('/login?error=x')).toBeNull();
    expect(safeReturnPath('/api/orders')).toBeNull();
  });

  it("drops Next's client navigation marker", () => {
    expect(safeReturnPath('/?tab=disputes&_rsc=1x2')).toBe('/?tab=disputes');
  });
});

describe('signInPath', () => {
  it('carries the message code and the way back', () => {
    expect(signInPath({ error: 'session_expired', next: '/?tab=orders&page=2' })).toBe(
      '/login?error=session_expired&next=%2F%3Ftab%3Dorders%26page%3D2',
    );
  });

  it('leaves out an unsafe or start-page return', () => {
    expect(signInPath({ next: 'https://evil.test' })).toBe('/login');
    expect(signInPath({ next: '/' })).toBe('/login');
    expect(signInPath({ error: 'session_expired' })).toBe('/login?error=session_expired');
  });
});
