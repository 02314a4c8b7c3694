import { useEffect } from 'react';
import type { LiveClientMessage } from '@atelier/contract';
import type { LiveSocket } from './liveSocket';
import { whenLiveSocket } from './startLiveUpdates';

/**
 * Tells the server which input image a screen follows (subscribe_generation / subscribe_masks,
 * spec §4) while `inputImageId` is shown, and unsubscribes when it changes or the screen closes.
 * The socket re-sends the subscriptions after a reconnect.
 */
export function useLiveChannel(channel: 'generation' | 'masks', inputImageId: number | null): void {
  useEffect(() => {
    if (!inputImageId) return;
    let closed = false;
    let socket: LiveSocket | null = null;
    void whenLiveSocket().then((live) => {
      if (closed || !live) return;
      socket = live;
      live.send({ type: `subscribe_${channel}`, inputImageId } as LiveClientMessage);
    });
    return () => {
      closed = true;
      socket?.send({ type: `unsubscribe_${channel}`, inputImageId } as LiveClientMessage);
    };
  }, [channel, inputImageId]);
}
