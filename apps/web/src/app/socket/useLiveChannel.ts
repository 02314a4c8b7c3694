import { useEffect } from 'react';
import type { LiveClientMessage } from '@atelier/contract';
import { getLiveSocket } from './startLiveUpdates';

/**
 * Tells the server which input image a screen follows (subscribe_generation / subscribe_masks,
 * spec §4) while `inputImageId` is shown, and unsubscribes when it changes or the screen closes.
 * The socket re-sends the subscriptions after a reconnect.
 */
export function useLiveChannel(channel: 'generation' | 'masks', inputImageId: number | null): void {
  useEffect(() => {
    const socket = getLiveSocket();
    if (!socket || !inputImageId) return;
    socket.send({ type: `subscribe_${channel}`, inputImageId } as LiveClientMessage);
    return () => socket.send({ type: `unsubscribe_${channel}`, inputImageId } as LiveClientMessage);
  }, [channel, inputImageId]);
}
