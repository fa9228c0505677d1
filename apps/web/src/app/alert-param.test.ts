import { describe, expect, it } from 'vitest';
import { parseAlertParam, withAlert } from './alert-param';

describe('alert query parameter', () => {
  it('reads a banner of a known type', () => {
    expect(parseAlertParam('{"type":"success","message":"users:created"}')).toEqual({
      type: 'success',
      message: 'users:created',
    });
  });

  it('ignores a missing, malformed or unknown banner', () => {
    expect(parseAlertParam(null)).toBeNull();
    expect(parseAlertParam('{not json')).toBeNull();
    expect(parseAlertParam('{"type":"danger","message":"x"}')).toBeNull();
    expect(parseAlertParam('{"type":"info","message":"  "}')).toBeNull();
    expect(parseAlertParam('"text"')).toBeNull();
  });

  it('builds a link that round-trips and keeps the other parameters', () => {
    const link = withAlert('/users?page=2', { type: 'error', message: 'Échec & retry' });
    const params = new URLSearchParams(link.split('?')[1]);
    expect(link.startsWith('/users?')).toBe(true);
    expect(params.get('page')).toBe('2');
    expect(parseAlertParam(params.get('alert'))).toEqual({ type: 'error', message: 'Échec & retry' });
  });
});
