/** @jest-environment jsdom */
import { api, ApiRequestError, buildUrl } from './api';
import { setLeaveForSignIn } from './session';
import { fakeResponse } from './test-support/fake-response';

let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(async () => fakeResponse(200, '{"ok":true}'));
  global.fetch = fetchMock;
  document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
});

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Headers };
}

describe('api headers', () => {
  it('sends the XHR marker, JSON accept and the decoded XSRF cookie', async () => {
    await expect(api.get<{ ok: boolean }>('/users/current')).resolves.toEqual({ ok: true });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/users/current');
    expect(init.method).toBe('GET');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc==');
    expect(init.body).toBeUndefined();
  });

  it('omits the XSRF header when there is no cookie', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await api.get('/stores');
    expect(lastCall().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends JSON bodies with PUT, POST and DELETE', async () => {
    await api.put('/users/7', { id: 7, name: 'Ann' });
    let call = lastCall();
    expect(call.init.method).toBe('PUT');
    expect(call.init.body).toBe('{"id":7,"name":"Ann"}');
    expect(call.headers.get('Content-Type')).toBe('application/json');

    await api.post('/users/restore/7');
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().init.body).toBeUndefined();

    await api.del('/users/7');
    call = lastCall();
    expect(call.init.method).toBe('DELETE');
  });

  it('passes FormData through without a JSON Content-Type', async () => {
    const form = new FormData();
    form.append('comments', 'hi');
    await api.post('/items/upload', form);
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });

  it('adds query parameters, skipping empty ones', async () => {
    await api.get('/vendors', { limit: 20, searchCode: 'AB C', page: undefined, store: null });
    expect(lastCall().url).toBe('/vendors?limit=20&searchCode=AB+C');
  });

  it('returns undefined for an empty success body and a Blob for blob()', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(204));
    await expect(api.put('/xdocs/x', { confirm: true })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(fakeResponse(200, 'PDF', 'application/pdf'));
    const blob = await api.blob('/xdocs/1/pdf', { query: { docno: 'D1' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(lastCall().url).toBe('/xdocs/1/pdf?docno=D1');
  });
});

describe('api errors', () => {
  it('throws ApiRequestError with the JSON message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse(422, JSON.stringify({ message: 'The given data was invalid.', errors: { email: ['Taken'] } })),
    );
    const error = await api.post('/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', errors: { email: ['Taken'] } });
    expect((error as ApiRequestError).firstError('email')).toBe('Taken');
    expect((error as ApiRequestError).firstError()).toBe('Taken');
  });

  it('uses a plain-text body as the message and keeps it as body', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(400, 'Vendor already linked', 'text/plain'));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('Vendor already linked');
    expect(error.body).toBe('Vendor already linked');
    expect(error.errors).toBeUndefined();
  });

  it('does not show an HTML error page as the message', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(500, '<html>boom</html>', 'text/html'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Request failed with status 500' });
  });

  it('turns a network failure into status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('an ended session (401)', () => {
  afterEach(() => setLeaveForSignIn());

  it('sends the user to sign in, with a message code and the address to come back to, once', async () => {
    const leave = jest.fn();
    setLeaveForSignIn(leave);
    window.history.replaceState(null, '', '/?tab=orders&page=3&doc=T-1');
    fetchMock.mockResolvedValue(fakeResponse(401, '{"message":"Unauthenticated."}'));
    const settled = jest.fn();
    void api.get('/orders').then(settled, settled);
    void api.get('/disputes').then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith('/login?error=session_expired&next=%2F%3Ftab%3Dorders%26page%3D3%26doc%3DT-1');
    // Neither call settles: no screen shows an empty or failed list for a request nobody answered.
    expect(settled).not.toHaveBeenCalled();
  });
});

describe('buildUrl', () => {
  it('adds a leading slash, repeats array keys and appends to an existing query', () => {
    expect(buildUrl('regions', { limit: 20 })).toBe('/regions?limit=20');
    expect(buildUrl('/items/export', { id: [1, 2] })).toBe('/items/export?id=1&id=2');
    expect(buildUrl('/orders?responded=true', { page: 2 })).toBe('/orders?responded=true&page=2');
    expect(buildUrl('/orders', {})).toBe('/orders');
  });
});
