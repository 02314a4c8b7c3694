import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE_CODES } from '@atelier/contract';
import { nextReconnect } from './reconnectPolicy';

describe('nextReconnect', () => {
  it('does not reconnect after the account signed out everywhere (4003): its token would be refused', () => {
    expect(nextReconnect(LIVE_CLOSE_CODES.sessionRevoked, 0)).toEqual({ reconnect: false });
    expect(nextReconnect(LIVE_CLOSE_CODES.normal, 0)).toEqual({ reconnect: false });
    expect(nextReconnect(LIVE_CLOSE_CODES.goingAway, 0).reconnect).toBe(true);
  });
});
