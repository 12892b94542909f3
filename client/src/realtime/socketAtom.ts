import { atom } from 'jotai';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/events.js';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** This tab's one socket (null before boot and after logout); realtimeConnection.ts owns it. */
export const socketAtom = atom<AppSocket | null>(null);
socketAtom.debugLabel = 'socket';
