import { describe, expect, it } from 'vitest';
import { workspaceSelected } from '../../features/teams/store/workspaceSlice';
import { signedInAuth } from '../../test/factories';
import { makeStore } from '../store';
import type { SocketLike } from './liveSocket';
import { liveUrl, startLiveUpdates } from './startLiveUpdates';

class RecordingSocket implements SocketLike {
  readyState = 0;
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send() {}
  close(code = 1000) {
    this.closedWith = code;
  }
}

const location = { protocol: 'https:', host: 'atelier.example' };

describe('the live socket and the workspace', () => {
  it('names a team workspace in the socket URL, and nothing for the personal one', () => {
    expect(liveUrl('t k', location)).toBe('wss://atelier.example/ws?token=t%20k');
    expect(liveUrl('t', location, 7)).toBe('wss://atelier.example/ws?token=t&workspace=team%3A7');
  });

  it('reconnects on the new workspace when the user switches, closing the old socket normally', async () => {
    localStorage.setItem('token', 'jwt');
    const store = makeStore({ auth: signedInAuth() });
    const sockets: RecordingSocket[] = [];
    const stop = startLiveUpdates(store, { createSocket: (url) => sockets[sockets.push(new RecordingSocket(url)) - 1] });
    await expect.poll(() => sockets.length).toBe(1);
    expect(new URL(sockets[0].url).searchParams.get('workspace')).toBeNull();

    store.dispatch(workspaceSelected(7));
    await expect.poll(() => sockets.length).toBe(2);
    expect(sockets[0].closedWith).toBe(1000);
    expect(new URL(sockets[1].url).searchParams.get('workspace')).toBe('team:7');

    store.dispatch(workspaceSelected(null));
    await expect.poll(() => sockets.length).toBe(3);
    expect(sockets[1].closedWith).toBe(1000);
    expect(new URL(sockets[2].url).searchParams.get('workspace')).toBeNull();
    stop();
  });
});
